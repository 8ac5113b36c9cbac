import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { type MockServer, createMockServer } from '../server.js';

const NOTES = fileURLToPath(new URL('./__fixtures__/notes.yaml', import.meta.url));
const servers: MockServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** notes.yaml copied into a fresh folder, with `notes.resources.yaml` beside it when given. */
async function notesWith(config?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'resources-config-'));
  const spec = join(dir, 'notes.yaml');
  await copyFile(NOTES, spec);
  if (config !== undefined) await writeFile(join(dir, 'notes.resources.yaml'), config);
  return spec;
}

async function mockOf(spec: string, lines: string[] = []): Promise<MockServer> {
  const mock = await createMockServer({ spec, watch: false, quiet: true, log: (l) => lines.push(l) });
  servers.push(mock);
  return mock;
}

describe('the resource config beside the spec', () => {
  it('corrects the inference: page size and filters', async () => {
    const mock = await mockOf(
      await notesWith('collections:\n  /notes:\n    pageSize: { default: 1 }\n    filters: { tag: false }\n'),
    );
    expect((await request(mock.server).get('/api/notes').expect(200)).body).toHaveLength(1);
    // The tag filter is switched off: every note comes back.
    expect((await request(mock.server).get('/api/notes?tag=work&limit=10').expect(200)).body).toHaveLength(2);
  });

  it('switches a collection off: its operations go to Prism, nothing is stored', async () => {
    const mock = await mockOf(await notesWith('collections:\n  /notes:\n    disabled: true\n'));
    const created = await request(mock.server).post('/api/notes').send({ text: 'kept?' }).expect(201);
    expect(created.body.text).not.toBe('kept?');
  });

  it('refuses a bad config at start, naming the file and the key', async () => {
    const spec = await notesWith('collections:\n  /notes:\n    pagesize: false\n');
    await expect(mockOf(spec)).rejects.toThrow(
      `${spec.replace('notes.yaml', 'notes.resources.yaml')}: collections./notes.pagesize: unknown key`,
    );
  });

  it('logs keys that name nothing in the spec and applies the rest', async () => {
    const lines: string[] = [];
    const mock = await mockOf(
      await notesWith('collections:\n  /nowhere: { disabled: true }\n  /notes: { pageSize: { default: 1 } }\n'),
      lines,
    );
    expect(lines.some((l) => /collections\.\/nowhere: no operation of the spec has this path/.test(l))).toBe(true);
    expect((await request(mock.server).get('/api/notes').expect(200)).body).toHaveLength(1);
  });

  it('is read again on reload; the store keeps its items; a bad config keeps the last good one serving', async () => {
    const spec = await notesWith('collections:\n  /notes: { pageSize: { default: 1 } }\n');
    const mock = await mockOf(spec);
    await request(mock.server).post('/api/notes').send({ text: 'third' }).expect(201);
    await writeFile(
      spec.replace('notes.yaml', 'notes.resources.yaml'),
      'collections:\n  /notes: { pageSize: { default: 3 } }\n',
    );
    expect(await mock.reload()).toMatchObject({ ok: true });
    expect(
      (await request(mock.server).get('/api/notes').expect(200)).body.map((n: { text: string }) => n.text),
    ).toEqual(['Buy milk', 'Call Ann', 'third']);
    await writeFile(spec.replace('notes.yaml', 'notes.resources.yaml'), 'collections: [\n');
    expect(await mock.reload()).toMatchObject({
      ok: false,
      message: expect.stringContaining('not valid YAML or JSON'),
    });
    expect((await request(mock.server).get('/api/notes').expect(200)).body).toHaveLength(3);
  });
});
