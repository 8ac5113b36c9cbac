// `npm start` runs dist/mock.mjs, which `prestart` builds with mock/build.mjs; and Prism is handed
// the English-only Faker (prism-engine.ts). These tests check that both changes keep behaviour.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../spec/index.js';
import { startMock } from './start.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'bundle-test-key';

async function run(command: string, args: string[]): Promise<number | null> {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('dist/mock.mjs, the bundle npm start runs', () => {
  it('builds, resolves the shipped spec and seed data from dist/, and serves every mode', async () => {
    expect(await run(process.execPath, ['mock/build.mjs'])).toBe(0);
    const spec = await loadSpec();
    const seeded = JSON.parse(readFileSync(join(ROOT, 'fixtures/pets.json'), 'utf8')) as { id: number }[];
    for (const mode of ['stateful', 'dynamic'] as const) {
      const child = spawn(
        process.execPath,
        ['dist/mock.mjs', '--port', '0', '--mode', mode, '--no-watch', '--api-key', KEY],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.setEncoding('utf8').on('data', (d: string) => {
            out += d;
            const match = /listening on (http:\S+)/.exec(out);
            if (match) resolve(match[1]!);
          });
          child.once('exit', () => reject(new Error(`dist/mock.mjs exited early:\n${out}`)));
        });
        const res = await fetch(`${url}/pets?limit=5`, { headers: { Authorization: `Bearer ${KEY}` } });
        expect(res.status).toBe(200);
        const pets = (await res.json()) as { id: number }[];
        expect(spec.operation('listPets')!.responseFor(200)!.schema!.validate(pets)).toEqual({ ok: true });
        if (mode === 'stateful') expect(pets.map((p) => p.id)).toEqual(seeded.slice(0, 5).map((p) => p.id));
        expect((await fetch(`${url}/pets`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
      } finally {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 30_000);
});

describe("Prism's Faker", () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-faker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the English-only instance, and x-faker keywords still generate with it', async () => {
    // A spec whose names must come from faker's English first names.
    const source = readFileSync(join(ROOT, 'spec/openapi.yaml'), 'utf8').replace(
      "        name:\n          type: string\n          description: The animal's name.\n",
      "        name:\n          type: string\n          x-faker: name.firstName\n          description: The animal's name.\n",
    );
    expect(source).toContain('x-faker: name.firstName');
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, source);
    const mock = await startMock({ port: 0, quiet: true, watch: false, mode: 'dynamic', spec: file, apiKeys: [KEY] });
    try {
      // getPet: one generated Pet per answer (a generated list may be empty).
      const pets: { name: string }[] = [];
      for (const id of [1, 2, 3]) {
        const res = await fetch(`${mock.url}/pets/${id}`, { headers: { Authorization: `Bearer ${KEY}` } });
        expect(res.status).toBe(200);
        pets.push((await res.json()) as { name: string });
      }
      const requireFromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
      const english = requireFromPrism('@faker-js/faker/locale/en') as {
        definitions: { name: { first_name: string[] } };
      };
      // Prism got the English-only Faker under the main entry's names, not the all-locales one.
      const main = requireFromPrism('@faker-js/faker') as { faker: unknown; default: unknown };
      expect(main.faker).toBe(english);
      expect(main.default).toBe(english);
      const firstNames = new Set(english.definitions.name.first_name);
      for (const pet of pets) expect(firstNames.has(pet.name), pet.name).toBe(true);
    } finally {
      await mock.close();
    }
  });
});
