/**
 * `contract-kit init <spec>`: writes what a team needs to start, asking nothing it can infer.
 *
 * - `<spec>.resources.yaml` beside the spec: the inferred resource model, each inference with its
 *   reason, to correct (see resources-file.ts);
 * - `.github/workflows/contract-kit.yml`: certifies a target on every push, credentials from
 *   secrets through the environment (see workflow.ts); `--shards n` shards it over a matrix;
 * - a `mock` npm script in package.json (created when there is none).
 *
 * A file that exists is kept (it may hold a team's corrections) unless `--force`.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSpec } from '../../spec/index.js';
import { inferResources } from '../../spec/resources/index.js';
import { COMMAND_NAME, PACKAGE_NAME } from '../name.js';
import { renderResourcesFile } from './resources-file.js';
import { renderWorkflow } from './workflow.js';

const INIT = `${COMMAND_NAME} init`;

/** The help of `init`. */
export const INIT_HELP = `Usage: ${INIT} <spec.yaml> [--shards n] [--dir <project>] [--force]

Writes, from the spec and asking nothing:
  <spec>.resources.yaml               beside the spec: the resources, ids, page sizes and filters
                                      inferred from it, each with its reason, to correct
  .github/workflows/contract-kit.yml  certifies a target on every push; the URL and the credentials
                                      the spec's schemes need come from repository secrets
  package.json                        a "mock" script: ${COMMAND_NAME} mock <spec> (file created if absent)
A file that exists is kept (it may hold your corrections) unless --force.

Options
  --shards <n>    shard the CI run over a matrix of n jobs, merged into one verdict by a last job
  --dir <path>    the project (repository) root: where .github/ and package.json are (default: .)
  --force         rewrite files that exist
  -h, --help      this text
`;

/** The file `init` writes the workflow to, relative to the project root. */
export const WORKFLOW_FILE = '.github/workflows/contract-kit.yml';

/** The resources file of a spec: `openapi.yaml` → `openapi.resources.yaml`, beside it. */
export function resourcesFileOf(specFile: string): string {
  return join(dirname(specFile), `${basename(specFile, extname(specFile))}.resources.yaml`);
}

/** Runs `init`; resolves to the exit code (0 done, 2 usage error or a spec that does not load). */
export async function initMain(argv: readonly string[], cwd: string = process.cwd()): Promise<number> {
  let values: { shards?: string; dir?: string; force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        shards: { type: 'string' },
        dir: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(INIT_HELP);
    return 0;
  }
  if (positionals.length !== 1) return usage('give one spec file: init <spec.yaml>');
  const shards = values.shards === undefined ? 1 : Number(values.shards);
  if (!/^\d+$/.test(values.shards ?? '1') || shards < 1 || shards > 256)
    return usage(`--shards expects a whole number from 1 to 256, got ${JSON.stringify(values.shards)}`);
  const root = resolve(cwd, values.dir ?? '.');
  const specFile = resolve(cwd, positionals[0]!);
  if (!existsSync(specFile)) return usage(`${positionals[0]}: no such file`);

  let spec: Awaited<ReturnType<typeof loadSpec>>;
  try {
    spec = await loadSpec(specFile);
  } catch (error) {
    process.stderr.write(`${INIT}: ${(error as Error).message.split('\n')[0]}\n`);
    return 2;
  }
  const specPath = relative(root, specFile).split(sep).join('/');
  const write = (file: string, text: string, what: string) => {
    const shown = relative(cwd, file) || file;
    if (existsSync(file) && !values.force) {
      process.stdout.write(`kept   ${shown} (it exists; --force rewrites it)\n`);
      return;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    process.stdout.write(`wrote  ${shown}: ${what}\n`);
  };

  const model = inferResources(spec);
  write(
    resourcesFileOf(specFile),
    renderResourcesFile(model, basename(specFile)),
    `${model.collections.length} collection(s), ${model.operations.length} operation(s), with reasons`,
  );
  write(
    join(root, WORKFLOW_FILE),
    renderWorkflow({
      specPath,
      title: spec.title,
      basePath: spec.basePath,
      schemes: [...spec.securitySchemes.values()],
      shards,
    }),
    shards > 1
      ? `certifies the target on every push, over ${shards} shards merged`
      : 'certifies the target on every push',
  );
  const script = addMockScript(join(root, 'package.json'), specPath);
  process.stdout.write(`${script}\n`);
  return 0;
}

/**
 * Adds `"mock": "contract-kit mock <spec>"` to the project's scripts (creating package.json when
 * there is none), or `mock:api` when `mock` runs something else; returns the line to print.
 */
export function addMockScript(file: string, specPath: string): string {
  const command = `${COMMAND_NAME} mock ${/^[\w./-]+$/.test(specPath) ? specPath : JSON.stringify(specPath)}`;
  const created = !existsSync(file);
  const manifest = created
    ? {
        name:
          basename(dirname(file))
            .toLowerCase()
            .replace(/[^a-z0-9-]+/g, '-') || 'api',
        private: true,
      }
    : (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  const scripts = { ...((manifest['scripts'] as Record<string, string> | undefined) ?? {}) };
  const name = [undefined, command].includes(scripts['mock'])
    ? 'mock'
    : [undefined, command].includes(scripts['mock:api'])
      ? 'mock:api'
      : undefined;
  const shown = relative(process.cwd(), file) || file;
  if (name === undefined) return `kept   ${shown}: scripts "mock" and "mock:api" run something else`;
  const installed = ['dependencies', 'devDependencies'].some(
    (key) => (manifest[key] as Record<string, string> | undefined)?.[PACKAGE_NAME] !== undefined,
  );
  const hint = installed ? '' : ` (CI needs the kit installed: npm install -D ${PACKAGE_NAME})`;
  if (scripts[name] === command) return `kept   ${shown}: script "${name}" is already ${command}${hint}`;
  scripts[name] = command;
  writeFileSync(file, `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`);
  return `wrote  ${shown}: npm run ${name} serves the mock${created ? ' (package.json created)' : ''}${hint}`;
}

function usage(message: string): number {
  process.stderr.write(`${INIT}: ${message}\nRun with --help for usage.\n`);
  return 2;
}
