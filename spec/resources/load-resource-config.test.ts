import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResourceConfigError, findResourceConfig, loadResourceConfig } from './index.js';

async function configFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'resources-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

function errorOf(file: string): ResourceConfigError {
  try {
    loadResourceConfig(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ResourceConfigError);
    return error as ResourceConfigError;
  }
  throw new Error('no error');
}

describe('loadResourceConfig', () => {
  it('reads YAML, and JSON as YAML', async () => {
    const yaml = await configFile(
      'a.resources.yaml',
      'collections:\n  /pets:\n    pageSize: false\noperations:\n  getPet: { role: other }\n',
    );
    expect(loadResourceConfig(yaml)).toEqual({
      file: yaml,
      collections: { '/pets': { pageSize: false } },
      operations: { getPet: { role: 'other' } },
    });
    const json = await configFile(
      'a.resources.json',
      '{"version": 1, "collections": {"/pets": {"id": {"member": "id", "kind": "integer"}}}}',
    );
    expect(loadResourceConfig(json).collections?.['/pets']?.id).toEqual({ member: 'id', kind: 'integer' });
    expect(loadResourceConfig(await configFile('empty.yaml', '# nothing\n'))).toEqual({ file: expect.any(String) });
  });

  it('names the file and the bad key', async () => {
    const file = await configFile(
      'bad.resources.yaml',
      'collections:\n  /pets:\n    idMember: id\n    pageSize: 20\noperations:\n  getPet: { role: fetch }\nextra: 1\n',
    );
    const error = errorOf(file);
    expect(error.issues.map((i) => i.key).sort()).toEqual([
      'collections./pets.idMember',
      'collections./pets.pageSize',
      'extra',
      'operations.getPet.role',
    ]);
    expect(error.message).toContain(`${file}: collections./pets.idMember: unknown key`);
    expect(error.message).toContain(
      `${file}: operations.getPet.role: must be one of list, create, read, replace, update, delete, other`,
    );
  });

  it('refuses paths without a leading slash, unparseable files and missing files', async () => {
    expect(errorOf(await configFile('p.yaml', 'collections:\n  pets: {}\n')).message).toContain(
      'a path must start with "/"',
    );
    expect(errorOf(await configFile('q.yaml', 'collections: [\n')).message).toContain('not valid YAML or JSON');
    expect(errorOf('/no/such/file.yaml').issues[0]?.key).toBe('(file)');
  });
});

describe('findResourceConfig', () => {
  it('finds <spec name>.resources.yaml beside the spec', async () => {
    const file = await configFile('api.resources.yaml', 'collections: {}\n');
    expect(findResourceConfig(file.replace('api.resources.yaml', 'api.yaml'))).toBe(file);
    expect(findResourceConfig(file.replace('api.resources.yaml', 'other.json'))).toBeUndefined();
  });
});
