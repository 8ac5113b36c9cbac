// Selection is a promise: --only, --skip and --read-only bound every request the kit sends, setup
// writes included, proven by a target that records every request it receives. What needed an
// operation left out is skipped, and the report says so. (--read-only: run-conformance.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceHandler, DEFAULT_API_KEY } from '../../fixtures/impls/index.js';
import { loadSpec, type SpecModel } from '../../spec/index.js';
import type { ConformanceOptions } from './options.js';
import { runConformance } from './run-conformance.js';
import { recording } from './_test-support.js';

type Recorder = Awaited<ReturnType<typeof recording>>;

/** The method and path (without query) of each request a recorder saw. */
const requestsOf = (target: Recorder) =>
  target.seen.map((line) => {
    const [method = '', url = '/'] = line.split(' ');
    return { method, path: new URL(url, 'http://x').pathname };
  });

/** The operation a request reached: the spec's operation with its method on a path its template matches. */
function operationReached(spec: SpecModel, method: string, path: string): string | undefined {
  const relative = path.replace(/^\/v1/, '');
  return spec.operations.find((o) => {
    if (o.method.toUpperCase() !== method) return false;
    const template = new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    return template.test(relative);
  })?.operationId;
}

describe('the selection bounds every request', () => {
  let spec: SpecModel;
  beforeAll(async () => {
    spec = await loadSpec();
  });
  const targets: Recorder[] = [];
  afterAll(async () => {
    for (const t of targets) await t.close();
  });
  /** A run of seed 5 on a fresh recording reference server: the report and what the server received. */
  const runOn = async (options: Partial<ConformanceOptions>) => {
    const target = await recording(createReferenceHandler({}));
    targets.push(target);
    const report = await runConformance({ target: target.url, apiKey: DEFAULT_API_KEY, seed: 5, runs: 3, ...options });
    const received = requestsOf(target);
    return { report, received, reached: new Set(received.map((r) => operationReached(spec, r.method, r.path))) };
  };

  it('--only listPets sends nothing to createPet or getPet (no setup POST /pets), and says what it skipped', async () => {
    const { report, received, reached } = await runOn({ runs: 5, only: ['listPets'] });
    expect([...reached].filter(Boolean)).toEqual(['listPets']);
    expect(received.filter((r) => r.method === 'POST')).toEqual([]);
    expect(report.verdict).not.toBe('error');
    expect(report.notes?.some((n) => /needs createPet \(POST \/pets\), which --only leaves out/.test(n))).toBe(true);
  });

  it('--skip createPet sends no POST /pets', async () => {
    const { report, reached } = await runOn({ skip: ['createPet'] });
    expect(reached.has('createPet')).toBe(false);
    expect(reached.has('getPet')).toBe(true);
    expect(report.notes?.some((n) => /which --skip leaves out/.test(n))).toBe(true);
  });

  it('most answers 404: the report gives the base-path hint', async () => {
    // Only the list answers (the preflight passes); every other path is not found.
    const target = await recording((req, res) => {
      req.resume();
      req.on('end', () => {
        const list = req.method === 'GET' && /^\/v1\/pets(\?|$)/.test(req.url ?? '');
        res.writeHead(list ? 200 : 404, { 'content-type': 'application/json' });
        res.end(list ? '[]' : '{"code":404,"message":"not found"}');
      });
    });
    targets.push(target);
    const report = await runConformance({ target: target.url, apiKey: DEFAULT_API_KEY, seed: 5, runs: 3 });
    expect(report.notes?.find((n) => /requests answered 404/.test(n))).toMatch(
      /^[\d,]+ of [\d,]+ requests answered 404: the spec's servers say the API is under \/v1; check that --target \(http:\/\/127\.0\.0\.1:\d+\/v1\) is the API's base URL$/,
    );
  });
});
