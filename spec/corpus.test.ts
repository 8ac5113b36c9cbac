import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadSpec, type SpecModel } from './index.js';
import { resourceModelFor } from './resources/index.js';

const CORPUS = fileURLToPath(new URL('../fixtures/specs/real-world/', import.meta.url));
const GITHUB = fileURLToPath(new URL('../fixtures/specs/large/api.github.com.json.gz', import.meta.url));
const files = (await readdir(CORPUS)).filter((f) => f.endsWith('.json')).sort();

/** One line a spec: its operations, the resources inferred and its security schemes. */
function summary(spec: SpecModel): string {
  const schemes =
    (
      spec.document.components as
        | { securitySchemes?: Record<string, { type: string; scheme?: string; in?: string }> }
        | undefined
    )?.securitySchemes ?? {};
  const kinds = Object.values(schemes).map((s) =>
    s.type === 'http' ? `http ${s.scheme}` : s.type === 'apiKey' ? `apiKey in ${s.in}` : s.type,
  );
  const { model } = resourceModelFor(spec);
  const crud = model.operations.filter((o) => o.role !== 'other').length;
  const resources = model.collections
    .map((c) => `${c.path}${c.id?.member ? ` (id ${c.id.member})` : ''}`)
    .slice(0, 4)
    .join(', ');
  return `${spec.format} ${spec.operations.length} operations (${crud} CRUD), base path '${spec.basePath}', ${model.collections.length} collections${resources ? `: ${resources}${model.collections.length > 4 ? ', ...' : ''}` : ''}; security: ${kinds.join(', ') || 'none'}`;
}

describe('every real-world spec loads into the model', () => {
  it('has the corpus the issue names: 39 specs, 6 of them OpenAPI 3.1', async () => {
    expect(files).toHaveLength(39);
    const versions = await Promise.all(
      files.map(async (f) => (JSON.parse(await readFile(join(CORPUS, f), 'utf8')) as { openapi: string }).openapi),
    );
    expect(versions.filter((v) => v.startsWith('3.1'))).toHaveLength(6);
  });

  it.each(files)('%s', async (file) => {
    const spec = await loadSpec(join(CORPUS, file));
    console.log(`${file}: ${summary(spec)}`);
    expect(spec.operations.length).toBeGreaterThan(0);
    for (const operation of spec.operations) {
      // Every validator compiles and runs: a lazily compiled schema that ajv refuses would throw here.
      for (const response of Object.values(operation.responses))
        for (const media of Object.values(response.content)) media.schema?.validate(null);
      for (const parameter of operation.parameters) parameter.schema.validate('1');
      operation.requestBody?.schema.validate({});
    }
  });

  it("GitHub's REST description: 1,223 operations, recursive schemas compiled by reference", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'github-spec-'));
    const file = join(dir, 'api.github.com.json');
    await writeFile(file, gunzipSync(await readFile(GITHUB)));
    const spec = await loadSpec(file, { schemaCheck: false });
    console.log(`api.github.com.json: ${summary(spec)}`);
    expect(spec.operations).toHaveLength(1223);
    expect(spec.format).toBe('openapi-3.0');
    // Every operation's schemas compile, through $refs into one registered document.
    for (const operation of ['git/get-tree', 'users/get-by-username', 'repos/list-for-org']) {
      const response = spec.operation(operation)!.responseFor(200)!;
      expect(response.schema!.validate({ surely: 'not' }).ok).toBe(false);
      expect(response.schema!.validate(Object.values(response.examples)[0])).toEqual({ ok: true });
    }
  });
});
