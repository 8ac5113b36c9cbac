import { mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../spec/index.js';
import { AUTH, KEY, type TestMock, isErrorBody, startTestMock } from '../_test-support.js';
import { parseCli } from '../options.js';
import { createMockServer } from '../server.js';
import { createFaults, loadFaultConfig, parseFault } from './index.js';

let t: TestMock;
const api = () => request(t.mock.server);
const dir = mkdtempSync(join(tmpdir(), 'mock-faults-'));

beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.close());

/** The raw outcome of one GET: status, body chunks as they arrived, or the socket error's code. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status?: number; chunks: Buffer[]; error?: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = get(`${t.base}${path}`, { headers: { Authorization: AUTH, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, chunks, ms: Date.now() - started }));
      res.on('error', (e: NodeJS.ErrnoException) =>
        resolve({ status: res.statusCode!, chunks, error: e.code ?? e.message, ms: Date.now() - started }),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ chunks: [], error: e.code ?? e.message, ms: Date.now() - started }),
    );
  });
}

describe('X-Mock-Fault', () => {
  it('answers any status with an Error body, without running the operation', async () => {
    const res = await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .set('X-Mock-Fault', 'status=503')
      .send({ name: 'Never', categoryId: 1 });
    expect(res.status).toBe(503);
    expect(isErrorBody(res.body, 503)).toBe(true);
    expect(res.body.code).toBe('injected_fault');
    expect(res.body.message).toMatch(/X-Mock-Fault/);
    const list = await api().get('/v1/pets?limit=100').set('Authorization', AUTH);
    expect((list.body as { name: string }[]).some((p) => p.name === 'Never')).toBe(false);
    expect(t.lines.some((l) => /POST \/v1\/pets 503 .*fault=status=503$/.test(l))).toBe(true);
  });

  it('delays by a fixed time or a range, then answers as usual', async () => {
    const fixed = await rawGet('/v1/pets/1', { 'X-Mock-Fault': 'delay=150' });
    expect(fixed.status).toBe(200);
    expect(fixed.ms).toBeGreaterThanOrEqual(140);
    const ranged = await rawGet('/v1/pets/1', { 'X-Mock-Fault': 'delay=100-200ms' });
    expect(ranged.ms).toBeGreaterThanOrEqual(90);
    expect(JSON.parse(Buffer.concat(ranged.chunks).toString()).id).toBe(1);
  });

  it('resets the connection, or closes it without a byte', async () => {
    const reset = await rawGet('/v1/pets', { 'X-Mock-Fault': 'reset' });
    expect(reset.status).toBeUndefined();
    expect(reset.error).toBe('ECONNRESET');
    const empty = await rawGet('/v1/pets', { 'X-Mock-Fault': 'empty' });
    expect(empty.status).toBeUndefined();
    expect(empty.error).toMatch(/ECONNRESET|socket hang up/);
    // The mock keeps serving.
    expect((await api().get('/v1/pets/1').set('Authorization', AUTH)).status).toBe(200);
  });

  it('sends a malformed body with the real status and headers', async () => {
    const res = await rawGet('/v1/pets/1', { 'X-Mock-Fault': 'malformed' });
    expect(res.status).toBe(200);
    const text = Buffer.concat(res.chunks).toString();
    expect(text.startsWith('{"id":1')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('drips the body in pieces, complete in the end', async () => {
    const res = await rawGet('/v1/pets?limit=3', { 'X-Mock-Fault': 'drip=30ms, delay=0' });
    expect(res.status).toBe(200);
    expect(res.chunks.length).toBeGreaterThan(3);
    expect(res.ms).toBeGreaterThanOrEqual(200);
    expect(JSON.parse(Buffer.concat(res.chunks).toString())).toHaveLength(3);
  });

  it('refuses a bad fault with a 400 naming the problem', async () => {
    for (const value of ['explode', 'status=99', 'delay=5-1', 'delay=40000', 'reset, empty', 'drip=5000', '']) {
      const res = await api().get('/v1/pets').set('Authorization', AUTH).set('X-Mock-Fault', value);
      expect(res.status, value).toBe(400);
      expect(res.body.code).toBe('invalid_header');
      expect(res.body.message).toMatch(/^X-Mock-Fault: /);
    }
  });

  it('is allowed by CORS preflights', async () => {
    const res = await api()
      .options('/v1/pets')
      .set('Origin', 'http://app.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'x-mock-fault');
    expect(res.headers['access-control-allow-headers']).toMatch(/X-Mock-Fault/);
  });
});

describe('faults file', () => {
  const file = join(dir, 'faults.yaml');
  writeFileSync(
    file,
    [
      'seed: 7',
      'faults:',
      '  getPet: status=503',
      '  "post /pets":',
      '    fault: reset',
      '    probability: 0',
      '  /pets: delay=0-20',
    ].join('\n'),
  );

  it('applies per route, most specific key first, with probabilities; the header wins', async () => {
    const m = await startTestMock({ faultsFile: file });
    try {
      const s = request(m.mock.server);
      expect((await s.get('/v1/pets/1').set('Authorization', AUTH)).status).toBe(503);
      expect((await s.get('/v1/pets/1').set('Authorization', AUTH)).body.message).toMatch(/faults file \(getPet\)/);
      expect((await s.get('/v1/pets/1').set('Authorization', AUTH).set('X-Mock-Fault', 'delay=0')).status).toBe(200);
      // probability 0: never reset.
      for (let i = 0; i < 5; i++)
        expect((await s.post('/v1/pets').set('Authorization', AUTH).send({ name: 'Kept', categoryId: 1 })).status).toBe(
          201,
        );
      expect((await s.get('/v1/pets').set('Authorization', AUTH)).status).toBe(200);
      expect(m.lines.some((l) => /GET \/v1\/pets 200 .*fault=delay$/.test(l))).toBe(true);
    } finally {
      await m.close();
    }
  });

  it('is read with MOCK_FAULTS or --faults, and a bad one stops the start naming the file and key', async () => {
    expect(parseCli(['--faults', 'f.yaml'], { MOCK_FAULTS: 'env.yaml' })).toEqual({
      kind: 'run',
      options: { faultsFile: 'f.yaml' },
    });
    expect(parseCli([], { MOCK_FAULTS: 'env.yaml' })).toEqual({ kind: 'run', options: { faultsFile: 'env.yaml' } });
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'faults:\n  nosuchOperation: status=503\n');
    await expect(createMockServer({ faultsFile: bad, watch: false, quiet: true })).rejects.toThrow(
      /bad\.yaml: faults\.nosuchOperation: names no operationId/,
    );
    writeFileSync(bad, 'faults:\n  getPet: explode\n');
    expect(() => loadFaultConfig(bad)).toThrow(/faults\.getPet: unknown fault "explode"/);
    writeFileSync(bad, 'faults:\n  getPet: { fault: reset, probability: 2 }\n');
    expect(() => loadFaultConfig(bad)).toThrow(/faults\.getPet\.probability: must be a number from 0 to 1/);
  });

  it('applies an edited faults file at once, and keeps the last good faults after a bad edit', async () => {
    const live = join(dir, 'live.yaml');
    writeFileSync(live, 'faults:\n  getPet: status=503\n');
    const lines: string[] = [];
    const m = await createMockServer({
      faultsFile: live,
      watch: true,
      quiet: true,
      apiKeys: [KEY],
      log: (l) => lines.push(l),
    });
    try {
      const s = request(m.server);
      expect((await s.get('/v1/pets/1').set('Authorization', AUTH)).status).toBe(503);
      const logged = async (what: RegExp) => {
        for (let i = 0; i < 100 && !lines.some((l) => what.test(l)); i++) await new Promise((r) => setTimeout(r, 20));
      };
      writeFileSync(live, 'faults:\n  getPet: status=502\n');
      await logged(/^faults reloaded/);
      expect((await s.get('/v1/pets/1').set('Authorization', AUTH)).status).toBe(502);
      writeFileSync(live, 'faults:\n  getPet: explode\n');
      await logged(/^faults reload failed, keeping the last good faults: .*unknown fault "explode"/);
      expect((await s.get('/v1/pets/1').set('Authorization', AUTH)).status).toBe(502);
    } finally {
      await m.close();
    }
  });

  it('draws delay ranges from a seeded source: the same seed, the same delays', async () => {
    const spec = await loadSpec();
    const config = loadFaultConfig(file);
    const draws = (seed: string) => {
      const faults = createFaults(config, spec, seed);
      return Array.from({ length: 8 }, () => {
        const plan = faults.forRequest('delay=0-1000', spec.operation('listPets')!);
        return plan && 'delayMs' in plan ? plan.delayMs : -1;
      });
    };
    // The file's seed (7) wins over the mock's --seed.
    expect(draws('a')).toEqual(draws('b'));
    const unseeded = createFaults({ file, rules: [] }, spec, 'x');
    const again = createFaults({ file, rules: [] }, spec, 'x');
    const op = spec.operation('listPets')!;
    const delays = (f: typeof unseeded) =>
      Array.from({ length: 8 }, () => (f.forRequest('delay=0-1000', op) as { delayMs: number }).delayMs);
    const first = delays(unseeded);
    expect(delays(again)).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(first.every((d) => d >= 0 && d <= 1000)).toBe(true);
  });
});

describe('parseFault', () => {
  it('reads every fault of the catalogue', () => {
    expect(parseFault('delay=200', 'h')).toEqual({
      ok: true,
      fault: { delay: { minMs: 200, maxMs: 200 }, origin: 'h' },
    });
    expect(parseFault('delay=200-800, status=503', 'h')).toEqual({
      ok: true,
      fault: { delay: { minMs: 200, maxMs: 800 }, action: { kind: 'status', status: 503 }, origin: 'h' },
    });
    for (const kind of ['reset', 'empty', 'malformed'] as const)
      expect(parseFault(kind, 'h')).toEqual({ ok: true, fault: { action: { kind }, origin: 'h' } });
    expect(parseFault('DRIP=50ms', 'h')).toEqual({
      ok: true,
      fault: { action: { kind: 'drip', intervalMs: 50 }, origin: 'h' },
    });
  });
});

describe('without faults', () => {
  it('answers as before: no header, no file, no fault', async () => {
    const res = await api().get('/v1/pets/1').set('Authorization', `Bearer ${KEY}`);
    expect(res.status).toBe(200);
    expect(t.lines.at(-1)).not.toMatch(/fault=/);
  });
});
