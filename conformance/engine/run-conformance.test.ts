import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceHandler,
  DEFAULT_API_KEY,
  startReference,
  type RunningServer,
} from '../../fixtures/impls/index.js';
import { loadSpec, type SpecModel } from '../../spec/index.js';
import { runConformance } from '../index.js';
import { describeFinding } from '../report/describe-finding.js';
import { recording } from './_test-support.js';

let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec();
});

describe('runConformance', () => {
  let correct: RunningServer;
  beforeAll(async () => {
    correct = await startReference();
  });
  afterAll(() => correct.close());

  it('certifies a correct implementation, covering every operation', async () => {
    const report = await runConformance({ target: correct.url, apiKey: DEFAULT_API_KEY, seed: 11, runs: 15 });
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(report.verdict).toBe('certified');
    expect(new Set(report.tallies.map((t) => t.operationId))).toEqual(new Set(['listPets', 'createPet', 'getPet']));
    expect(report.seed).toBe(11);
    expect(report.requests).toBeGreaterThan(200);
  });

  it('--strict turns contract gaps into a failed verdict', async () => {
    const report = await runConformance({
      target: correct.url,
      apiKey: DEFAULT_API_KEY,
      seed: 11,
      runs: 5,
      strict: true,
      only: ['listPets'],
    });
    expect(report.findings.some((f) => f.severity === 'warning')).toBe(true);
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(report.verdict).toBe('failed');
  });

  it('--only keeps one operation', async () => {
    const report = await runConformance({
      target: correct.url,
      apiKey: DEFAULT_API_KEY,
      seed: 3,
      runs: 5,
      only: ['getPet'],
    });
    expect(new Set(report.tallies.map((t) => t.operationId))).toEqual(new Set(['getPet']));
  });

  it('--only with a check or a check group keeps those checks alone, on the operations it names', async () => {
    const report = await runConformance({
      target: correct.url,
      apiKey: DEFAULT_API_KEY,
      seed: 3,
      runs: 3,
      only: ['listPets', 'schema', 'semantics'],
    });
    const checks = new Set(report.tallies.map((t) => t.check));
    expect(checks.has('schema')).toBe(true);
    expect([...checks].filter((c) => c !== 'schema' && !c.startsWith('semantics.'))).toEqual([]);
    expect([...checks].some((c) => c.startsWith('semantics.'))).toBe(true);
    expect(new Set(report.tallies.map((t) => t.operationId))).toEqual(new Set(['listPets']));
  });

  it('reports an unreachable target as an error, not as findings', async () => {
    const closed = await recording(() => undefined);
    const url = closed.url;
    await closed.close();
    const report = await runConformance({ target: url, apiKey: 'k', seed: 1, runs: 5 });
    expect(report.verdict).toBe('error');
    expect(report.error).toMatch(/cannot reach the target/);
    expect(report.findings).toEqual([]);
  });
});

describe('a defect only unusual input triggers (500 on names over 30 UTF-16 units)', () => {
  let defective: RunningServer;
  beforeAll(async () => {
    defective = await startReference({ faults: ['long-name-500'] });
  });
  afterAll(() => defective.close());

  it('is found, shrunk to the threshold, and replayed from its reproducer', async () => {
    const report = await runConformance({
      target: defective.url,
      apiKey: DEFAULT_API_KEY,
      seed: 5,
      only: ['createPet/valid'],
    });
    const finding = report.findings.find((f) => f.code === 'server_error')!;
    expect(finding).toBeDefined();
    const reproducer = finding.reproducer!;
    const sent = JSON.parse(reproducer.request.body!) as { name: string };
    expect(sent.name).toHaveLength(31);
    expect(reproducer.seed).toBe(5);
    const replay = /--replay '([^']+)'/.exec(reproducer.replay)![1]!;
    expect(reproducer.replay).toContain('--seed 5');

    const again = await runConformance({ target: defective.url, apiKey: DEFAULT_API_KEY, seed: 5, replay });
    const replayed = again.findings.find((f) => f.code === 'server_error')!;
    expect(replayed.reproducer!.request.body).toBe(reproducer.request.body);
    expect(again.requests).toBeLessThan(20);
  });
});

describe('what the kit sends', () => {
  it('--read-only never writes, even to fill the store', async () => {
    const handler = createReferenceHandler({});
    const target = await recording(handler);
    try {
      await runConformance({ target: target.url, apiKey: DEFAULT_API_KEY, seed: 2, runs: 5, readOnly: true });
      expect(target.seen.length).toBeGreaterThan(50);
      // Safe methods only (RFC 9110 §9.2.1): GET, and the HEAD, OPTIONS and TRACE probes.
      expect(target.seen.filter((line) => !/^(GET|HEAD|OPTIONS|TRACE) /.test(line))).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('re-checks every rejected-input verdict: each reported invalid request is invalid', async () => {
    // Accepts everything with a well-formed Pet: every invalid case it gets is a negative_accepted.
    const target = await recording((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
        res.end(
          req.method === 'POST'
            ? '{"id":1,"name":"a","categoryId":1}'
            : req.url?.includes('/pets/')
              ? '{"id":1,"name":"a","categoryId":1}'
              : '[]',
        );
      });
    });
    try {
      const report = await runConformance({
        target: target.url,
        apiKey: 'k',
        seed: 9,
        runs: 20,
        only: ['createPet/invalid'],
      });
      const accepted = report.findings.filter((f) => f.code === 'negative_accepted');
      expect(accepted.length).toBeGreaterThan(0);
      const body = spec.operation('createPet')!.requestBody!.schema;
      for (const finding of accepted) {
        const text = finding.reproducer!.request.body;
        const contentType = finding.reproducer!.request.headers['content-type'] ?? '';
        let invalid = text === undefined || !contentType.startsWith('application/json');
        if (!invalid) {
          try {
            invalid = !body.validate(JSON.parse(text!)).ok;
          } catch {
            invalid = true;
          }
        }
        expect(invalid, `${describeFinding(finding)}: ${text}`).toBe(true);
      }
    } finally {
      await target.close();
    }
  });

  it('never puts the API key in a report, whatever the target answers', async () => {
    const apiKey = 'sk_live_9f8e7d6c5b4a';
    const target = await startReference({ apiKeys: [apiKey], faults: ['auth-any-key', 'list-html'] });
    try {
      const report = await runConformance({ target: target.url, apiKey, seed: 4, runs: 10 });
      expect(report.verdict).toBe('failed');
      const text = JSON.stringify(report);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(Buffer.from(`${apiKey}:`).toString('base64'));
      expect(text).toContain('$API_KEY');
    } finally {
      await target.close();
    }
  });
});
