/**
 * The kit against misbehaving targets on loopback: each run ends on its own, within its time bounds,
 * with verdict `failed` and a finding that names the problem; the key never leaves the target and
 * never appears in a finding, a request record or a rendered report; memory stays bounded.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../index.js';
import type { Finding, RequestRecord, RunReport } from '../findings/index.js';
import { renderConsoleReport, renderHtml, renderJUnit, renderJson } from '../report/index.js';
import {
  type HostileTarget,
  answersHtml,
  drips,
  neverAnswers,
  plainJson,
  redirectsTo,
  resetsConnections,
  streamsHugeBodies,
} from './_hostile-targets.js';
import { describeFinding } from '../report/describe-finding.js';

const KEY = 'hk-5e2f9a7c1d3b4e6f8a0b';
/** Every spelling of the key a leak could take: raw, URL-encoded, and inside Basic credentials. */
const KEY_FORMS = [
  KEY,
  KEY.slice(0, -1),
  encodeURIComponent(KEY),
  Buffer.from(`${KEY}:`).toString('base64').slice(0, 24),
  Buffer.from(KEY).toString('base64').slice(0, 24),
];
const SEED = 6;
const TIMEOUT_MS = 300;

const targets: HostileTarget[] = [];
afterAll(async () => {
  await Promise.all(targets.map((t) => t.close()));
});
async function open(target: Promise<HostileTarget>): Promise<HostileTarget> {
  const t = await target;
  targets.push(t);
  return t;
}

async function certify(
  target: HostileTarget,
  extra: { runs?: number; only?: string[] } = {},
): Promise<{ report: RunReport; seconds: number }> {
  const started = performance.now();
  const report = await runConformance({
    target: target.url,
    apiKey: KEY,
    seed: SEED,
    runs: extra.runs ?? 2,
    timeoutMs: TIMEOUT_MS,
    concurrency: 2,
    ...(extra.only ? { only: extra.only } : {}),
  });
  return { report, seconds: (performance.now() - started) / 1000 };
}

/** The spellings of the key found in `text`; the key and its prefix in any case (the kit also sends a case-swapped key). */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return KEY_FORMS.filter((form, i) => (i < 3 ? lower.includes(form.toLowerCase()) : text.includes(form)));
}

function requestRecords(findings: readonly Finding[]): RequestRecord[] {
  return findings.flatMap((f) => [
    ...(f.request ? [f.request] : []),
    ...(f.reproducer ? [f.reproducer.request, ...(f.reproducer.setup ?? [])] : []),
  ]);
}

/** The key is in no request record, no finding, and no rendered report (rendered as the CLI does, with the key as a secret). */
function expectNoKey(report: RunReport): void {
  expect(leaks(JSON.stringify(requestRecords(report.findings)))).toEqual([]);
  expect(leaks(JSON.stringify(report.findings))).toEqual([]);
  const secrets = [KEY];
  for (const rendered of [
    renderJson(report, { secrets }),
    renderHtml(report, { secrets }),
    renderJUnit(report, { secrets }),
    renderConsoleReport(report, { verbose: true, color: false, secrets }),
    renderJson(report),
    renderHtml(report),
    renderJUnit(report),
    renderConsoleReport(report, { verbose: true, color: false }),
  ]) {
    expect(leaks(rendered)).toEqual([]);
  }
}

function codes(report: RunReport): string[] {
  return [...new Set(report.findings.filter((f) => f.severity === 'failure').map((f) => f.code))].sort();
}

function summary(report: RunReport): string {
  return `${report.verdict} after ${report.requests} requests: ${report.findings
    .slice(0, 5)
    .map((f) => `${f.code}: ${describeFinding(f)}`)
    .join(' | ')}`;
}

// Generous bounds: each run must end on its own well before vitest's per-test timeout fails a hang.
describe('the kit against hostile targets', () => {
  const dead: Array<[string, string, () => Promise<HostileTarget>]> = [
    ['never answers', 'timeout', neverAnswers],
    ['resets every connection', 'connection_reset', resetsConnections],
    ['drips its answer a byte a second, from the status line', 'timeout', () => drips({ intervalMs: 1_000 })],
    // Each byte comes well within any idle timeout: only the whole-exchange deadline can end it.
    [
      'sends its head at once, then drips the body a byte every 50 ms',
      'timeout',
      () => drips({ intervalMs: 50, headersFirst: true }),
    ],
  ];
  it.each(dead)(
    'a target that %s: failed, transport_error (%s), the breaker stops the run',
    { timeout: 30_000 },
    async (_name, kind, start) => {
      const target = await open(start());
      const { report, seconds } = await certify(target);
      expect(report.verdict, summary(report)).toBe('failed');
      expect(codes(report)).toEqual(['transport_error']);
      expect(report.findings.some((f) => (f.evidence as { kind?: string } | undefined)?.kind === kind)).toBe(true);
      expect(report.findings.some((f) => /stopped answering/.test(describeFinding(f)))).toBe(true);
      // The breaker: a handful of requests, not the whole run.
      expect(report.requests).toBeLessThan(20);
      expect(seconds).toBeLessThan(20);
      expectNoKey(report);
    },
  );

  it('a target that answers text/html with 200 (echoing the key back): failed, content_type', {
    timeout: 60_000,
  }, async () => {
    const target = await open(answersHtml());
    const { report, seconds } = await certify(target);
    expect(report.verdict, summary(report)).toBe('failed');
    expect(codes(report)).toContain('content_type');
    const finding = report.findings.find((f) => f.code === 'content_type')!;
    expect(describeFinding(finding)).toMatch(/text\/html/);
    expect(seconds).toBeLessThan(45);
    expectNoKey(report);
  });

  it('a target that redirects to another host: failed, redirect; never followed, the other host never reached', {
    timeout: 60_000,
  }, async () => {
    const elsewhere = await open(plainJson());
    const target = await open(redirectsTo(elsewhere));
    const { report, seconds } = await certify(target);
    expect(report.verdict, summary(report)).toBe('failed');
    expect(codes(report)).toContain('redirect');
    expect(describeFinding(report.findings.find((f) => f.code === 'redirect')!)).toMatch(/never|not follow/);
    expect(elsewhere.connections()).toBe(0);
    expect(elsewhere.requests).toEqual([]);
    // The key went to the target (it is the target's key), and nowhere else.
    expect(target.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(seconds).toBeLessThan(45);
    expectNoKey(report);
  });

  it('a target that streams hundreds of megabytes: a body_too_large transport note; memory stays bounded', {
    timeout: 90_000,
  }, async () => {
    const target = await open(streamsHugeBodies(300 * 1024 * 1024));
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 50);
    let report: RunReport;
    let seconds: number;
    try {
      ({ report, seconds } = await certify(target, { runs: 1 }));
    } finally {
      clearInterval(sampler);
    }
    const after = process.memoryUsage();
    // The kit's response-size cap is no contract: a huge answer is a transport note (an advisory).
    const huge = report.findings.filter(
      (f) => (f.evidence as { kind?: string } | undefined)?.kind === 'body_too_large',
    );
    expect(huge.length, summary(report)).toBeGreaterThan(0);
    expect(huge.every((f) => f.severity === 'advisory' && f.basis?.kind === 'kit')).toBe(true);
    expect(seconds).toBeLessThan(75);
    const mib = (bytes: number) => bytes / 1024 / 1024;
    // Far more came down the wire than memory grew: bodies are cut at the cap, not buffered.
    expect(mib(peakRss - before.rss)).toBeLessThan(200);
    expect(mib(after.heapUsed - before.heapUsed)).toBeLessThan(200);
    process.stdout.write(
      `streaming target: ${report.requests} requests, ${Math.round(mib(target.bytesSent()))} MiB offered, ` +
        `RSS ${Math.round(mib(before.rss))} -> peak ${Math.round(mib(peakRss))} MiB, heap ${Math.round(mib(before.heapUsed))} -> ${Math.round(mib(after.heapUsed))} MiB, ${seconds.toFixed(1)} s\n`,
    );
    expectNoKey(report);
  });
});
