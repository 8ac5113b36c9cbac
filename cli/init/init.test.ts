/**
 * `init`: the resources file says what was inferred and changes nothing when read back; the files a
 * team may have edited are kept; the npm script is added without touching the rest of package.json;
 * the workflow reads the credentials the spec's schemes need from secrets.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_SPEC_PATH, loadSpec } from '../../spec/index.js';
import type { ResourceModel } from '../../spec/resources/index.js';
import { inferResources, loadResourceConfig } from '../../spec/resources/index.js';
import { COMMAND_NAME } from '../name.js';
import { initMain, resourcesFileOf, WORKFLOW_FILE } from './init-main.js';
import { renderResourcesFile } from './resources-file.js';
import { renderWorkflow } from './workflow.js';

const NOTES = fileURLToPath(new URL('../__fixtures__/notes.yaml', import.meta.url));
const REAL_WORLD = fileURLToPath(new URL('../../fixtures/specs/real-world/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What the model says, without the reasons and sources that name where it came from. */
function essence(model: ResourceModel) {
  return {
    collections: model.collections.map((c) => ({
      path: c.path,
      itemPath: c.itemPath,
      id: c.id && { parameter: c.id.parameter, member: c.id.member, kind: c.id.kind },
      pageSize: c.pageSize && { p: c.pageSize.parameter, d: c.pageSize.default, m: c.pageSize.maximum },
      page: c.page?.parameter,
      filters: c.filters.map((f) => [f.parameter, f.member, f.kind]),
      operations: Object.fromEntries(Object.entries(c.operations).map(([role, a]) => [role, a.operationId])),
    })),
    roles: model.operations.map((o) => [o.operationId, o.role, o.collection, o.singleton]),
    singletons: model.singletons.map((s) => s.path),
  };
}

describe('the resources file', () => {
  const specs = [
    DEFAULT_SPEC_PATH,
    NOTES,
    ...readdirSync(REAL_WORLD)
      .filter((f) => /^(twilio|adyen|impala|nordigen)/.test(f))
      .map((f) => join(REAL_WORLD, f)),
  ];

  it.each(specs)('read back, infers the same model, with no issue: %s', async (file) => {
    const spec = await loadSpec(file);
    const inferred = inferResources(spec);
    const written = join(work, 'written.resources.yaml');
    writeFileSync(written, renderResourcesFile(inferred, 'spec.yaml'));
    const again = inferResources(spec, loadResourceConfig(written));
    expect(again.issues).toEqual([]);
    expect(essence(again)).toEqual(essence(inferred));
  });

  it('says each inference with its reason, and every operation with its role', async () => {
    const spec = await loadSpec(DEFAULT_SPEC_PATH);
    const text = renderResourcesFile(inferResources(spec), 'openapi.yaml');
    expect(text).toContain(
      [
        '  # `/pets` is a collection: `/pets/{petId}` is an item path below it',
        '  /pets:',
        "    # `petId` ← member `id`: `id` is what remains of `petId` after the resource name `pet`; the id is an integer (the member's schema)",
        '    id: { member: id, kind: integer }',
        '    # `limit`: an integer query parameter named like a page size, default 20, maximum 100',
        '    pageSize: { parameter: limit, default: 20, maximum: 100 }',
      ].join('\n'),
    );
    for (const [id, role] of [
      ['listPets', 'list'],
      ['createPet', 'create'],
      ['getPet', 'read'],
    ])
      expect(text).toMatch(new RegExp(`^# {3}${id}: ${role} \\(/pets\\): \``, 'm'));
  });
});

describe('init <spec>', () => {
  let project: string;
  const out = vi.spyOn(process.stdout, 'write');
  beforeEach(() => {
    project = mkdtempSync(join(work, 'project-'));
    mkdirSync(join(project, 'api'));
    cpSync(NOTES, join(project, 'api/notes.yaml'));
    out.mockImplementation(() => true);
  });
  afterAll(() => out.mockRestore());

  it('writes the three files, asking nothing; the workflow reads the URL and the API key from secrets', async () => {
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'app', scripts: { test: 'vitest' }, devDependencies: { 'openapi-contract-kit': '*' } }),
    );
    expect(await initMain(['api/notes.yaml'], project)).toBe(0);
    expect(readFileSync(join(project, 'api/notes.resources.yaml'), 'utf8')).toContain('/notes:');
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(manifest).toEqual({
      name: 'app',
      scripts: { test: 'vitest', mock: `${COMMAND_NAME} mock api/notes.yaml` },
      devDependencies: { 'openapi-contract-kit': '*' },
    });
    const workflow = readFileSync(join(project, WORKFLOW_FILE), 'utf8');
    const steps = parse(workflow).jobs.certify.steps as { run?: string; env?: Record<string, string> }[];
    const certify = steps.find((s) => s.run?.includes(`${COMMAND_NAME} test`))!;
    expect(certify.run).toBe(
      `npx ${COMMAND_NAME} test 'api/notes.yaml' --seed "$SEED" --junit reports/junit.xml --html reports/certificate.html --json reports/report.json`,
    );
    expect(certify.env).toEqual({
      TARGET_URL: '${{ secrets.TARGET_URL }}',
      API_KEY: '${{ secrets.API_KEY }}',
      SEED: '${{ github.run_number }}',
    });
    expect(workflow).toContain('#   TARGET_URL        base URL of the deployment to certify, /api included');
    expect(workflow).toContain('X-Notes-Key header');
  });

  it('keeps files that exist unless --force, and a mock script that runs something else', async () => {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ scripts: { mock: 'json-server db.json' } }));
    writeFileSync(join(project, 'api/notes.resources.yaml'), '# my corrections\n');
    expect(await initMain(['api/notes.yaml'], project)).toBe(0);
    expect(readFileSync(join(project, 'api/notes.resources.yaml'), 'utf8')).toBe('# my corrections\n');
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).scripts).toEqual({
      mock: 'json-server db.json',
      'mock:api': `${COMMAND_NAME} mock api/notes.yaml`,
    });
    expect(await initMain(['api/notes.yaml', '--force'], project)).toBe(0);
    expect(readFileSync(join(project, 'api/notes.resources.yaml'), 'utf8')).toContain('/notes:');
  });

  it('creates package.json when there is none; refuses a missing spec and a bad --shards', async () => {
    expect(await initMain(['api/notes.yaml', '--dir', '.'], project)).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).scripts.mock).toBe(
      `${COMMAND_NAME} mock api/notes.yaml`,
    );
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await initMain(['api/none.yaml'], project)).toBe(2);
      expect(await initMain(['api/notes.yaml', '--shards', '0'], project)).toBe(2);
      expect(String(err.mock.calls.at(-1)?.[0])).toMatch(/--shards expects a whole number from 1 to 256/);
    } finally {
      err.mockRestore();
    }
  });

  it('the resources file is named after the spec, beside it', () => {
    expect(resourcesFileOf('/x/api/openapi.json')).toBe('/x/api/openapi.resources.yaml');
  });
});

describe('the workflow', () => {
  it('reads Basic credentials from CONFORMANCE_BASIC and asks for no key a spec without schemes needs', () => {
    const basic = renderWorkflow({
      specPath: 'a.yaml',
      title: 'A',
      basePath: '/',
      schemes: [{ kind: 'basic', name: 'b' }],
      shards: 1,
    });
    expect(basic).toContain('CONFORMANCE_BASIC: ${{ secrets.CONFORMANCE_BASIC }}');
    expect(basic).not.toContain('API_KEY');
    const open = renderWorkflow({ specPath: "it's.yaml", title: 'A', basePath: '/', schemes: [], shards: 1 });
    expect(open.match(/secrets\.\w+/g)).toEqual(['secrets.TARGET_URL']);
    expect(open).toContain(`npx ${COMMAND_NAME} test 'it'\\''s.yaml'`);
  });
});
