// One set of books: every report format, and the vitest helper, tell the same story about a run of
// the kit against defective servers: each expected failure present, under its own operation and
// check, nothing extra, and the same counts everywhere.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, startImplementation, type Fault, type RunningServer } from '../../fixtures/impls/index.js';
import { KIT_COMMAND } from '../engine/collect-report.js';
import { runConformance } from '../engine/run-conformance.js';
import type { RunReport } from '../findings/index.js';
import { groupFindings } from '../findings/root-cause.js';
import { conformanceCases } from '../vitest/describe-conformance.js';
import { renderConsoleReport } from './console.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJUnit } from './junit.js';

/** Defective servers and the failures (operation check) a run with seed 7 reports on each. */
const CASES: readonly { readonly fault: Fault; readonly expected: readonly string[] }[] = [
  // A read-back found by a sequence: it was filed under the create's echo check, and the vitest
  // helper had no test for it.
  // The create's echo of `status` is an advisory (this target never echoed a status, so the echo rule
  // is unconfirmed for it); the read-back is the failure.
  { fault: 'create-drops-status', expected: ['getPet semantics.read_back'] },
  // One cause seen on three operations.
  { fault: 'auth-401-no-challenge', expected: ['createPet auth', 'getPet auth', 'listPets auth'] },
  {
    fault: 'create-not-persisted',
    expected: [
      'getPet positive',
      'getPet protocol',
      'getPet semantics.persistence',
      'listPets semantics.list_shows_created',
    ],
  },
];

/** `op check` → number of failures, as each format shows it. */
type Books = Record<string, number>;

function fromJson(report: RunReport): { findings: Books; tallies: Books; roots: number; all: number } {
  const json = JSON.parse(renderJson(report)) as {
    findings: { operationId: string; check: string; severity: string; rootCause?: number }[];
    tallies: { operationId: string; check: string; failed: number }[];
  };
  const failures = json.findings.filter((f) => f.severity === 'failure');
  return {
    findings: count(failures.map((f) => `${f.operationId} ${f.check}`)),
    tallies: Object.fromEntries(
      json.tallies.filter((t) => t.failed > 0).map((t) => [`${t.operationId} ${t.check}`, t.failed]),
    ),
    roots: failures.filter((f) => f.rootCause === undefined).length,
    all: failures.length,
  };
}

function fromConsole(report: RunReport): {
  table: Books;
  failures: number;
  verdictCount: number;
  verdictCauses: number;
} {
  const text = renderConsoleReport(report);
  const table: Books = {};
  let operation = '';
  for (const line of text.split('\n')) {
    const m = /^(\S*)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)(?:\s+[✘⚠])?$/.exec(line);
    if (!m) continue;
    operation = m[1] || operation;
    if (Number(m[4]) > 0) table[`${operation} ${m[2]}`] = Number(m[4]);
  }
  return {
    table,
    failures: Number(/^Failures \((\d+)\)$/m.exec(text)?.[1] ?? 0),
    // `18 failures (12 causes)`, or `3 failures` where each is its own cause.
    ...(() => {
      const m = /(?:CERTIFIED|FAILED)\s+(\d+) failures?(?: \((\d+) causes?\))?/.exec(text);
      return { verdictCount: Number(m?.[1]), verdictCauses: Number(m?.[2] ?? m?.[1]) };
    })(),
  };
}

function fromHtml(report: RunReport): Books {
  const html = renderHtml(report);
  return Object.fromEntries(
    [...html.matchAll(/title="([^"]+) × ([^"]+): \d+ passed, (\d+) failed/g)]
      .filter((m) => Number(m[3]) > 0)
      .map((m) => [`${m[1]} ${m[2]}`, Number(m[3])]),
  );
}

function fromJUnit(report: RunReport): Books {
  const xml = renderJUnit(report);
  const books: Books = {};
  for (const m of xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"[^>]*>([\s\S]*?)<\/testcase>/g)) {
    const failure = /<failure message="(?:(\d+) failures; first)?/.exec(m[3] ?? '');
    if (failure) books[`${m[1]} ${m[2]}`] = Number(failure[1] ?? 1);
  }
  return books;
}

function fromVitest(report: RunReport): Books {
  return Object.fromEntries(
    conformanceCases(report)
      .filter((c) => c.failing.length > 0)
      .map((c) => [`${c.operationId} ${c.check}`, c.failing.length]),
  );
}

function count(items: readonly string[]): Books {
  const books: Books = {};
  for (const i of items) books[i] = (books[i] ?? 0) + 1;
  return books;
}

describe('one set of books', () => {
  const reports = new Map<Fault, RunReport>();
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    for (const { fault } of CASES) {
      const server = await startImplementation({ options: { faults: [fault] } });
      servers.push(server);
      reports.set(fault, await runConformance({ target: server.url, apiKey: DEFAULT_API_KEY, seed: 7, runs: 10 }));
    }
  }, 240_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it.each(CASES.map((c) => [c.fault, c.expected] as const))(
    '%s: every format shows the expected failures, nothing extra, counts equal',
    (fault, expected) => {
      const report = reports.get(fault)!;
      const json = fromJson(report);
      // The one list: each expected failure present, and nothing else.
      expect(Object.keys(json.findings).sort()).toEqual([...expected].sort());
      const books = json.findings;
      expect(json.tallies, 'JSON tallies').toEqual(books);
      const shown = fromConsole(report);
      expect(shown.table, 'console table').toEqual(books);
      const roots = groupFindings(report.findings).filter((g) => g.root.severity === 'failure').length;
      expect([shown.failures, shown.verdictCauses, json.roots], 'failure counts (one per root cause)').toEqual([
        roots,
        roots,
        roots,
      ]);
      expect(shown.verdictCount, 'the verdict line counts every failure, as the JSON does').toBe(json.all);
      expect(fromHtml(report), 'HTML grid').toEqual(books);
      expect(fromJUnit(report), 'JUnit').toEqual(books);
      expect(fromVitest(report), 'vitest helper').toEqual(books);
      expect(report.verdict).toBe('failed');
    },
  );

  it('prints replays with the installed command, from one constant', () => {
    const bins = Object.keys(
      (
        JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
          bin: Record<string, string>;
        }
      ).bin,
    );
    expect(bins.map((b) => `npx ${b} test`)).toContain(KIT_COMMAND);
    const replays = [...reports.values()].flatMap((r) =>
      r.findings.flatMap((f) => (f.reproducer ? [f.reproducer.replay] : [])),
    );
    expect(replays.length).toBeGreaterThan(0);
    for (const replay of replays) expect(replay.startsWith(`${KIT_COMMAND} --target `), replay).toBe(true);
  });
});
