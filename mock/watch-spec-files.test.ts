import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReloadEvent } from './options.js';
import { referencedFiles } from './referenced-files.js';
import { createMockServer } from './server.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const SPEC = `openapi: 3.1.0
info: { title: Split, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: array
                items: { $ref: 'schemas/thing.yaml' }
`;
const thing = (extra: string) => `type: object
required: [id]
properties:
  id: { type: integer, minimum: 1 }
${extra}`;

async function splitSpec(): Promise<{ dir: string; spec: string; schema: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mock-split-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'schemas'));
  const spec = join(dir, 'openapi.yaml');
  const schema = join(dir, 'schemas', 'thing.yaml');
  await writeFile(spec, SPEC);
  await writeFile(schema, thing(''));
  return { dir, spec, schema };
}

describe('watching the files a spec reaches through $ref', () => {
  it('finds them, the spec included', async () => {
    const { spec, schema } = await splitSpec();
    expect((await referencedFiles(spec)).sort()).toEqual([spec, schema].sort());
    expect(await referencedFiles(join(spec, 'missing.yaml'))).toEqual([join(spec, 'missing.yaml')]);
  });

  it('reloads when a referenced file in another folder changes', async () => {
    const { spec, schema } = await splitSpec();
    const events: ReloadEvent[] = [];
    let notify: (() => void) | undefined;
    const mock = await createMockServer({
      spec,
      watch: true,
      quiet: true,
      log: () => undefined,
      onReload: (e) => (events.push(e), notify?.()),
    });
    cleanups.push(() => mock.close());
    const served = async () =>
      (await request(mock.server).get('/__mock/openapi.json')).body as {
        components?: unknown;
        paths: Record<string, unknown>;
      };
    expect(JSON.stringify(await served())).not.toContain('colour');
    // The referenced files are looked up shortly after the start; give the watcher time to be set.
    await new Promise((r) => setTimeout(r, 600));
    const reloaded = new Promise<void>((resolve) => (notify = resolve));
    await writeFile(schema, thing('  colour: { type: string }\n'));
    await reloaded;
    expect(events.at(-1)?.ok).toBe(true);
    expect(JSON.stringify(await served())).toContain('colour');
  });
});
