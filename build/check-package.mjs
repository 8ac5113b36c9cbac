/**
 * What a user gets from npm, checked end to end (`npm run check:package`, run by .ci/run):
 *
 *   1. `npm pack` (prepack builds dist/), and the tarball holds only the allow-listed files;
 *   2. the tarball installs into an empty project, revalidating cached packuments
 *      (`--prefer-online`: a stale packument made npm skip rolldown's native binding silently,
 *      npm/cli#4828), with no EBADENGINE warning; vitest, msw, jsdom and @types/node come
 *      along, as a user's project would have them;
 *   3. `contract-kit --help`; on a spec written here, not in the repository: `contract-kit init spec.yaml`
 *      writes its three files, `contract-kit mock spec.yaml` serves it (the banner names the key's
 *      place), `contract-kit test spec.yaml --target URL` certifies that mock; the old names
 *      (animal-store-mock, animal-store-conformance) print their notice and still work: the latter
 *      certifies the embedded mock of the Animal Store (exit 0);
 *   4. every `exports` entry imports, and a TypeScript file using them type-checks (tsc, strict);
 *   5. a vitest suite of one import and one call runs the kit: one test per operation × check;
 *      and a jsdom test file gets answers from the MSW mock (the README's frontend snippet).
 *
 * Prints one line per step with its time, and the package's file count and size. Exits 1 on the
 * first failure. `--keep` leaves the temporary directory for inspection.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const NAME = manifest.name;
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** What a consumer's project has beside the package, at the versions this project tests with. */
const CONSUMER_DEPS = ['vitest', 'msw', 'jsdom', '@types/node'].map(
  (name) => `${name}@${manifest.devDependencies[name]}`,
);

const work = mkdtempSync(join(tmpdir(), 'package-check-'));
const consumer = join(work, 'consumer');
const started = Date.now();

/** Runs one step; prints its name and time, or its output and exits 1 when it fails. */
function step(name, command, args, options = {}) {
  const t0 = Date.now();
  const result = spawnSync(command, args, {
    cwd: consumer,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    ...options,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stderr.write(`✘ ${name} (${seconds} s, exit ${result.status})\n${output}\n`);
    finish(1);
  }
  process.stdout.write(`✔ ${name} (${seconds} s)\n`);
  return { output, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function fail(message) {
  process.stderr.write(`✘ ${message}\n`);
  finish(1);
}

/** Starts a serving command; resolves once it prints its URL and banner (or fails the check after 60 s). */
function serve(name, command, args) {
  const t0 = Date.now();
  const child = spawn(command, args, {
    cwd: consumer,
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const timer = setTimeout(() => fail(`${name}: no banner within 60 s\n${output}`), 60_000);
    child.stderr.on('data', (d) => (output += d));
    child.stdout.on('data', (d) => {
      output += d;
      const url = /listening on (http:\S+)/.exec(output)?.[1];
      if (url && /\n  spec  /.test(output)) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        process.stdout.write(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
        resolve({ child, url, banner: output });
      }
    });
    child.once('exit', (code) => fail(`${name} exited (${code}) before serving:\n${output}`));
  });
}

/** A spec that is not in the repository: a key in the query, an item path, a public read. */
const TODO_SPEC = `openapi: 3.1.0
info: { title: Todo API, version: '1' }
servers: [{ url: 'http://localhost/todo/v2' }]
components:
  securitySchemes:
    tokenInQuery: { type: apiKey, in: query, name: token }
  schemas:
    Todo:
      type: object
      required: [id, title, done]
      properties:
        id: { type: string, format: uuid, readOnly: true }
        title: { type: string, minLength: 1, maxLength: 80 }
        done: { type: boolean }
security: [{ tokenInQuery: [] }]
paths:
  /todos:
    get:
      operationId: listTodos
      parameters: [{ name: done, in: query, schema: { type: boolean } }]
      responses:
        '200': { description: todos, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Todo' } } } } }
        '401': { description: no token }
    post:
      operationId: addTodo
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Todo' } } }
      responses:
        '201': { description: added, content: { application/json: { schema: { $ref: '#/components/schemas/Todo' } } } }
        '400': { description: invalid }
        '401': { description: no token }
  /todos/{todoId}:
    get:
      operationId: getTodo
      parameters: [{ name: todoId, in: path, required: true, schema: { type: string, format: uuid } }]
      responses:
        '200': { description: a todo, content: { application/json: { schema: { $ref: '#/components/schemas/Todo' } } } }
        '401': { description: no token }
        '404': { description: none }
  /about:
    get:
      operationId: about
      security: []
      responses:
        '200': { description: about, content: { text/plain: { schema: { type: string } } } }
`;

function finish(code) {
  if (process.argv.includes('--keep')) process.stdout.write(`kept ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
  process.exit(code);
}

// 1. Pack. --json lists the files; the allow-list must keep tests, fixtures and sources out.
const packed = JSON.parse(
  step('npm pack (prepack builds dist/)', 'npm', ['pack', '--json', '--pack-destination', work], {
    cwd: ROOT,
  }).stdout.replace(/^[^[]*/s, ''),
)[0];
const files = packed.files.map((f) => f.path);
const stray = files.filter(
  (f) =>
    !/^(bin\/|dist\/(lib|types|spec|fixtures)\/|package\.json$|README\.md$|LICENSE$)/.test(f) || /\.test\./.test(f),
);
if (stray.length > 0) {
  process.stderr.write(`✘ the tarball holds files outside the allow-list:\n  ${stray.join('\n  ')}\n`);
  finish(1);
}
process.stdout.write(
  `  ${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KiB unpacked\n`,
);

// 2. Install into an empty project.
execFileSync('mkdir', ['-p', consumer]);
writeFileSync(
  join(consumer, 'package.json'),
  JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
);
const { output: log } = step('npm install <tarball> into an empty project', 'npm', [
  'install',
  '--prefer-online',
  '--no-audit',
  '--no-fund',
  join(work, packed.filename),
  ...CONSUMER_DEPS,
]);
if (log.includes('EBADENGINE')) {
  process.stderr.write(`✘ the install printed EBADENGINE:\n${log}\n`);
  finish(1);
}

// 3. The command, on a spec that is not in the repository; then the old names.
const bin = (name) => join(consumer, 'node_modules/.bin', name);
const COMMAND = 'contract-kit';
const help = step(`${COMMAND} --help`, bin(COMMAND), ['--help']).stdout;
for (const verb of ['mock', 'test', 'proxy', 'merge', 'replay', 'init', 'checks']) {
  if (!new RegExp(`^  ${verb} `, 'm').test(help)) fail(`${COMMAND} --help does not list ${verb}:\n${help}`);
}
mkdirSync(join(consumer, 'api'));
writeFileSync(join(consumer, 'api/todo.yaml'), TODO_SPEC);
step(`${COMMAND} init api/todo.yaml`, bin(COMMAND), ['init', 'api/todo.yaml']);
for (const file of ['api/todo.resources.yaml', '.github/workflows/contract-kit.yml']) {
  if (!existsSync(join(consumer, file))) fail(`init wrote no ${file}`);
}
const scripts = JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8')).scripts ?? {};
if (scripts.mock !== `${COMMAND} mock api/todo.yaml`) fail(`init wrote no mock script: ${JSON.stringify(scripts)}`);
const mock = await serve(`${COMMAND} mock api/todo.yaml`, bin(COMMAND), [
  'mock',
  'api/todo.yaml',
  '--port',
  '0',
  '--no-watch',
]);
try {
  if (!/^  auth  tokenInQuery  \?token= query parameter: dev-key$/m.test(mock.banner))
    fail(`the mock's banner does not say where the key goes:\n${mock.banner}`);
  step(
    `${COMMAND} test api/todo.yaml --target ${mock.url}`,
    bin(COMMAND),
    ['test', 'api/todo.yaml', '--target', mock.url, '--seed', '1', '--runs', '5', '--quiet'],
    { env: { ...process.env, CI: '1', API_KEY: 'dev-key' } },
  );
} finally {
  mock.child.kill('SIGTERM');
}
const notice = (name, result) => {
  if (!result.stderr.startsWith(`${name} is now \`${COMMAND} `)) fail(`${name} printed no notice:\n${result.stderr}`);
};
notice('animal-store-mock', step('animal-store-mock --help (old name)', bin('animal-store-mock'), ['--help']));
notice(
  'animal-store-conformance',
  step('animal-store-conformance certifies the embedded mock (old name)', bin('animal-store-conformance'), [
    '--seed',
    '1',
    '--runs',
    '5',
    '--quiet',
  ]),
);

// 4. Every entry imports, under plain node (no TypeScript loader), and type-checks.
const entries = Object.keys(manifest.exports).filter((key) => !/\.(ya?ml|json)$/.test(key));
const specifiers = entries.map((key) => NAME + key.slice(1));
writeFileSync(
  join(consumer, 'imports.mjs'),
  `${specifiers.map((s, i) => `import * as e${i} from '${s}';`).join('\n')}\n` +
    `for (const [name, module] of Object.entries({ ${specifiers.map((s, i) => `'${s}': e${i}`).join(', ')} }))\n` +
    `  if (Object.keys(module).length === 0) throw new Error(name + ' exports nothing');\n`,
);
// The vitest entry registers tests, so it loads only inside vitest (step 5).
writeFileSync(
  join(consumer, 'imports.mjs'),
  readFileSync(join(consumer, 'imports.mjs'), 'utf8')
    .replace(/^import \* as e\d+ from '[^']*\/vitest';\n/m, '')
    .replace(/, '[^']*\/vitest': e\d+/, ''),
);
step('import of every entry', process.execPath, ['imports.mjs']);

writeFileSync(
  join(consumer, 'usage.ts'),
  `import { setupServer } from 'msw/node';
import { createMockServer, renderJUnit, runConformance, startMock, writeReports, type RunReport, type Verdict } from '${NAME}';
import { createMswMock } from '${NAME}/msw';
import { createBrowserMock, type BrowserMockOptions } from '${NAME}/msw/browser';
import { startMock as startMockOnly, type MockOptions } from '${NAME}/mock';
import { runConformance as runOnly, type ConformanceOptions } from '${NAME}/conformance';
import { describeConformance, type SuiteOptions } from '${NAME}/vitest';

const options: MockOptions = { port: 0, quiet: true, apiKeys: ['k'] };
const mock = await startMock(options);
const report: RunReport = await runConformance({ target: mock.url, apiKey: 'k', runs: 1 } satisfies ConformanceOptions);
const verdict: Verdict = report.verdict;
const outcomes: Verdict[] = ['certified', 'failed', 'error', 'incomplete', 'not-reproduced'];
const xml: string = renderJUnit(report);
const written: string[] = await writeReports(report, { junit: 'junit.xml' });
await mock.close();
const msw = await createMswMock({ apiKeys: ['k'] });
setupServer(...msw.handlers);
const browserOptions: BrowserMockOptions = { origin: 'http://api.test', apiKeys: ['k'] };
const inBrowser = await createBrowserMock(browserOptions);
setupServer(...inBrowser.handlers);
const suite: SuiteOptions = { runs: 1, apiKey: process.env.API_KEY };
void [createMockServer, startMockOnly, runOnly, describeConformance, suite, verdict, outcomes, xml, written];
`,
);
writeFileSync(
  join(consumer, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      types: ['node'],
      skipLibCheck: true,
    },
    files: ['usage.ts'],
  }),
);
step('tsc --noEmit on a file using every entry', process.execPath, [TSC, '-p', 'tsconfig.json']);

// 5. The kit inside the consumer's own vitest suite.
writeFileSync(
  join(consumer, 'conformance.test.mjs'),
  `import { describeConformance } from '${NAME}/vitest';\nawait describeConformance({ seed: 1, runs: 5 });\n`,
);
writeFileSync(
  join(consumer, 'msw.test.mjs'),
  `// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createMswMock } from '${NAME}/msw';

const api = await createMswMock();
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => server.close());

it('answers from the stateful mock, in jsdom, with no port', async () => {
  expect(typeof document).toBe('object');
  const headers = { Authorization: 'Bearer dev-key', 'Content-Type': 'application/json' };
  const created = await fetch(\`\${api.url}/pets\`, { method: 'POST', headers, body: JSON.stringify({ name: 'Tiny', categoryId: 3 }) });
  expect(created.status).toBe(201);
  const { id } = await created.json();
  expect(await (await fetch(\`\${api.url}/pets/\${id}\`, { headers })).json()).toEqual({ id, name: 'Tiny', categoryId: 3 });
  expect((await fetch(\`\${api.url}/pets\`)).status).toBe(401);
});
`,
);
const vitest = step('vitest: a one-call conformance suite, and the MSW mock in jsdom', bin('vitest'), [
  'run',
  '--reporter',
  'verbose',
]).output;
const tests = (vitest.match(/✓/g) ?? []).length;
if (tests < 10) {
  process.stderr.write(`✘ expected one test per operation × check, saw ${tests}:\n${vitest}\n`);
  finish(1);
}
process.stdout.write(`  ${tests} tests passed\n✔ package check in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
finish(0);
