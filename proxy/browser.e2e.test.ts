/**
 * The proxy, end to end, in a real browser: the example app (examples/frontend) runs in headless
 * Chromium against `contract-kit proxy` (the CLI, in process, on a free port, recording HAR), which
 * sits in front of the Animal Store reference server with four planted defects the app's traffic
 * reaches. The page lists, filters, adds a pet, looks one up, types an id that is not one, and
 * breaks its key. Then:
 * - the proxy's JSON report lists every planted violation (operation × check × code) and nothing
 *   else: no finding that was not planted, of any severity;
 * - the recorded HAR, fed to the kit (`contract-kit test --from-har`, in process), certifies the
 *   correct server and fails the defective one on the same defects;
 * - the same journey through a proxy in front of a correct variant that refuses the typed letters
 *   with an undocumented 400 reports only the page's own violation, nothing against the server.
 * Skipped, with a note, where Chromium is not installed (as examples/frontend's own e2e test).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as kitMain } from '../conformance/cli.js';
import type { Finding, RunReport } from '../conformance/findings/index.js';
import { CHROMIUM_PATH, hasChromium, launchChromium, type Browser } from '../examples/frontend/browser.js';
import { type RunningFrontend, startFrontend } from '../examples/frontend/serve.js';
import {
  CORRECT_VARIANTS,
  DEFECTS,
  type Fault,
  type RunningServer,
  startImplementation,
} from '../fixtures/impls/index.js';
import { DEFAULT_API_KEY, startReference } from '../fixtures/impls/reference.js';
import { DEFAULT_SPEC_PATH } from '../spec/index.js';
import { readHar } from './har.js';
import { replayRecorded } from './_test-support.js';
import { runProxyCli } from './cli.js';
import { type RunningProxy, startProxy } from './server.js';

const chromiumThere = hasChromium();
if (!chromiumThere) {
  console.warn(
    `proxy/browser.e2e: no browser at ${CHROMIUM_PATH}, so the proxy's browser end-to-end test is skipped (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
}

/**
 * A violation the journey below must make the proxy report, decided from the defects' definitions
 * (fixtures/impls/defects.ts), not from what the proxy prints: the fault, the operation the page's
 * traffic reaches it on, and the check and code the catalogue says a good kit reports.
 */
interface Planted {
  readonly fault: Fault;
  readonly operationId: string;
  readonly check: string;
  readonly code: string;
  readonly reachedBy: string;
}

const PLANTED: readonly Planted[] = [
  {
    fault: 'list-status-outside-enum',
    operationId: 'listPets',
    check: 'schema',
    code: 'schema_mismatch',
    reachedBy: 'the unfiltered list (limit=100 reaches the legacy record 28, status "adopted")',
  },
  {
    fault: 'create-200',
    operationId: 'createPet',
    check: 'status',
    code: 'undocumented_status',
    reachedBy: 'adding a pet (200 instead of 201)',
  },
  {
    fault: 'error-status-mismatch-404',
    operationId: 'getPet',
    check: 'error_status',
    code: 'error_status_mismatch',
    reachedBy: 'looking up an id that does not exist (404 whose body says 400)',
  },
  {
    fault: 'auth-401-no-challenge',
    operationId: 'listPets',
    check: 'auth',
    code: 'auth_challenge_missing',
    reachedBy: 'breaking the key (401 without WWW-Authenticate)',
  },
];

/** The one violation the page itself commits: a lookup of an id typed as letters (the spec says int64). */
const CLIENT_VIOLATION = { operationId: 'getPet', check: 'request', code: 'request_violation' } as const;

const FAULTS: readonly Fault[] = PLANTED.map((p) => p.fault);
const keyOf = (f: { operationId: string; check: string; code: string }) => `${f.operationId} ${f.check} ${f.code}`;
const keysOf = (findings: readonly Pick<Finding, 'operationId' | 'check' | 'code'>[]) =>
  [...new Set(findings.map(keyOf))].sort();

/** Bounds every wait: a broken journey fails in seconds rather than hanging. */
const STEP_MS = 15_000;

describe.sequential('the example app in Chromium, through the proxy, to real servers with and without defects', () => {
  let work: string | undefined;
  let defective: RunningServer | undefined;
  let correct: RunningServer | undefined;
  let app: RunningFrontend | undefined;
  let browser: Browser | undefined;
  // The proxy CLI runs until `stop` resolves the promise it waits on.
  let stop: ((reason: string) => void) | undefined;
  let proxyExit: Promise<number> | undefined;
  let proxy: RunningProxy | undefined;
  const proxyOut: string[] = [];
  const pageErrors: string[] = [];
  // Servers and proxies a test starts for itself.
  const extra: { close(): Promise<void> }[] = [];

  const har = () => join(work!, 'app.har');
  const proxyJson = () => join(work!, 'proxy-report.json');

  beforeAll(async () => {
    if (!chromiumThere) return;
    work = await mkdtemp(join(tmpdir(), 'proxy-browser-e2e-'));
    [defective, correct, app] = await Promise.all([
      startReference({ faults: FAULTS }),
      startReference(),
      startFrontend({ port: 0 }),
    ]);
    let started!: (p: RunningProxy) => void;
    const running = new Promise<RunningProxy>((resolve) => {
      started = resolve;
    });
    proxyExit = runProxyCli(
      [DEFAULT_SPEC_PATH, defective.url, '--port', '0', '--quiet', '--record', har(), '--json', proxyJson()],
      {},
      {
        stdout: (text) => proxyOut.push(text),
        stderr: (text) => proxyOut.push(text),
        stopped: (p) => {
          started(p);
          return new Promise<string>((resolve) => {
            stop = resolve;
          });
        },
      },
    );
    // A proxy that cannot start returns (exit 2) instead of waiting: fail fast with what it said.
    proxy = await Promise.race([
      running,
      proxyExit.then((code) => {
        throw new Error(`the proxy exited ${code} before listening: ${proxyOut.join('')}`);
      }),
    ]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    stop?.('test over');
    await proxyExit?.catch(() => undefined);
    await browser?.close();
    await Promise.all([defective?.close(), correct?.close(), app?.close(), ...extra.map((e) => e.close())]);
    if (work) await rm(work, { recursive: true, force: true });
  });

  const rowNames = (page: Page) => page.locator('#pets-table tbody tr td:nth-child(2)').allTextContents();
  const rowStatuses = (page: Page) => page.locator('#pets-table tbody tr .badge').allTextContents();

  /** Looks up `id` in the page's form and waits for the answer to be shown. */
  async function lookUp(page: Page, id: string, shown: string): Promise<void> {
    await page.fill('#lookup-id', id);
    await page.click('#lookup');
    await page.waitForSelector(shown);
  }

  /** Opens the app on `api` and waits for its first list. */
  async function openApp(api: string): Promise<Page> {
    const page = await browser!.context.newPage();
    page.setDefaultTimeout(STEP_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app!.url}?api=${encodeURIComponent(api)}&key=${DEFAULT_API_KEY}`);
    await page.waitForSelector('#pets[data-state="ready"]');
    return page;
  }

  /**
   * What a user does after the list shows: add a pet (any 2xx is success to the page), filter by
   * status, look up the new pet, an id nobody has (404) and letters (the page lets a user type them;
   * the server refuses them with `lettersStatus`), break the key (401) and mend it. Each step waits
   * for the page to show its outcome.
   */
  async function journey(page: Page, expect_: { lettersStatus: number }): Promise<void> {
    const name = `Quokka ${process.pid}`;
    await page.fill('#new-name', name);
    await page.fill('#new-category', '3');
    await page.selectOption('#new-status', 'sold');
    await page.click('#add');
    await page.waitForSelector('#add-result[data-state="ok"]');
    const added = /^Added .+ as #(\d+)\.$/.exec((await page.textContent('#add-result')) ?? '');
    expect(added).not.toBeNull();
    await page.waitForSelector(`#pets[data-state="ready"] tr.new:has-text("${name}")`);

    await page.selectOption('#filter', 'sold');
    await page.waitForSelector('#pets[data-state="ready"] #pets-message:has-text("with status sold")');
    expect(new Set(await rowStatuses(page))).toEqual(new Set(['sold']));
    await page.selectOption('#filter', '');
    await page.waitForSelector('#pets[data-state="ready"] #pets-message:not(:has-text("with status"))');

    await lookUp(page, added![1]!, `#lookup-result[data-state="ok"]:has-text("${name}")`);
    await lookUp(page, '987654321', '#lookup-result[data-state="error"] .failure[data-status="404"]');
    await lookUp(
      page,
      'abc',
      `#lookup-result[data-state="error"] .failure[data-status="${expect_.lettersStatus}"]:has-text("abc")`,
    );

    await page.check('#break-key');
    await page.waitForSelector('#pets[data-state="error"] .failure[data-status="401"]');
    await page.uncheck('#break-key');
    await page.waitForSelector('#pets[data-state="ready"]');
  }

  it.skipIf(!chromiumThere)(
    'the page’s journey reaches every planted defect, and the proxy reports exactly those',
    async () => {
      // The planted set agrees with the catalogue: each fault is a catalogued defect whose expected codes
      // include the one planted here.
      for (const p of PLANTED) expect(DEFECTS.find((d) => d.id === p.fault)?.expectedCodes).toContain(p.code);

      // Another origin than the proxy's: the browser's CORS preflights go through the proxy too.
      expect(new URL(app!.url).origin).not.toBe(new URL(proxy!.url).origin);
      const page = await openApp(proxy!.url);
      // The list: the legacy record's status is on screen, outside the contract's enum.
      expect(await rowNames(page)).toContain('Ghost');
      expect(await rowStatuses(page)).toContain('adopted');
      await journey(page, { lettersStatus: 404 });
      expect(pageErrors).toEqual([]);
      await page.close();

      // Every request the page made went through the proxy, which logged it.
      const log = (await (await fetch(new URL('/__mock/requests', proxy!.url))).json()) as {
        requests: { method: string; operationId?: string; status: number }[];
      };
      const seen = log.requests.map((r) => `${r.method} ${r.operationId} ${r.status}`);
      expect(seen).toEqual(
        expect.arrayContaining([
          'GET listPets 200',
          'POST createPet 200',
          'GET getPet 200',
          'GET getPet 404',
          'GET listPets 401',
        ]),
      );
      expect(log.requests.every((r) => r.operationId !== undefined)).toBe(true);

      // The proxy's report, asked for over HTTP as a CI job would.
      const asked = await fetch(new URL('/__proxy/report', proxy!.url), { method: 'POST' });
      expect(asked.status).toBe(200);
      const report = JSON.parse(await readFile(proxyJson(), 'utf8')) as RunReport;
      expect(report.verdict).toBe('failed');
      const expected = [...PLANTED, CLIENT_VIOLATION].map(keyOf).sort();
      // Every planted violation is listed, and nothing else is: no false alarm of any severity.
      expect(keysOf(report.findings)).toEqual([...new Set(expected)].sort());
      const clientViolations = report.findings.filter((f) => f.code === 'request_violation');
      expect(clientViolations.map((f) => f.request?.path)).toEqual(['/pets/abc']);
      // Credentials never reach the report.
      expect(JSON.stringify(report)).not.toContain(DEFAULT_API_KEY);

      // Stopping the proxy: exit 1 (violations, --fail-on any), the HAR written.
      stop!('journey over');
      expect(await proxyExit).toBe(1);
      stop = undefined;
      const entries = readHar(har());
      expect(entries.length).toBe(log.requests.length);
      expect(await readFile(har(), 'utf8')).not.toContain(DEFAULT_API_KEY);
    },
  );

  it.skipIf(!chromiumThere)(
    'on a correct server that refuses the letters with 400 (undocumented), only the page’s own violation is reported',
    async () => {
      // The `minimal` variant: correct (the kit certifies it), and it answers a non-integer id with 400,
      // which getPet does not document. Refusing invalid input is right: no finding against the server.
      const minimal = CORRECT_VARIANTS.find((v) => v.id === 'minimal')!;
      const server = await startImplementation(minimal);
      extra.push(server);
      const quiet = await startProxy({ spec: DEFAULT_SPEC_PATH, upstream: server.url, port: 0, log: () => {} });
      extra.push(quiet);
      const page = await openApp(quiet.url);
      await journey(page, { lettersStatus: 400 });
      expect(pageErrors).toEqual([]);
      await page.close();
      // Failures and warnings: the page's own violation only. (An advisory stays: the variant sends no
      // Deprecation header on the deprecated getPet, which the kit notes on it too, without failing it.)
      const found = quiet.session.findings();
      expect(keysOf(found.filter((f) => f.severity !== 'advisory'))).toEqual([keyOf(CLIENT_VIOLATION)]);
      expect(quiet.session.report().verdict).toBe('failed');
      expect(quiet.session.exitCode('response')).toBe(0);
    },
  );

  /** `contract-kit test --target <url> --from-har <recording>`, in process; its exit status and JSON report. */
  async function kitWithHar(target: string, tag: string): Promise<{ exit: number; report: RunReport }> {
    const json = join(work!, `kit-${tag}.json`);
    const exit = await kitMain(
      [
        '--target',
        target,
        '--api-key',
        DEFAULT_API_KEY,
        '--from-har',
        har(),
        '--seed',
        '20260101',
        '--runs',
        '10',
        '--quiet',
        '--json',
        json,
      ],
      {},
    );
    return { exit, report: JSON.parse(await readFile(json, 'utf8')) as RunReport };
  }

  it.skipIf(!chromiumThere)('the recording replayed by the kit certifies the correct server', async () => {
    const replayed = await replayRecorded(DEFAULT_SPEC_PATH, DEFAULT_API_KEY, correct!.url, har());
    // Only the page's own invalid request is left out; every other recorded request is replayed.
    expect(replayed.skipped.map((s) => s.why)).toEqual([expect.stringMatching(/^getPet: invalid as recorded/)]);
    expect(replayed.findings.filter((f) => f.severity !== 'advisory')).toEqual([]);

    const { exit, report } = await kitWithHar(correct!.url, 'correct');
    expect(report.verdict).toBe('certified');
    expect(exit).toBe(0);
  });

  it.skipIf(!chromiumThere)('and fails the defective server on the same defects', async () => {
    const replayed = await replayRecorded(DEFAULT_SPEC_PATH, DEFAULT_API_KEY, defective!.url, har());
    const failures = replayed.findings.filter((f) => f.severity === 'failure');
    // The replay alone reaches every planted defect (the recorded 401 is replayed with a wrong key), and nothing else.
    expect(keysOf(failures)).toEqual(PLANTED.map(keyOf).sort());

    const { exit, report } = await kitWithHar(defective!.url, 'defective');
    expect(report.verdict).toBe('failed');
    expect(exit).toBe(1);
    const failed = keysOf(report.findings.filter((f) => f.severity === 'failure'));
    for (const p of PLANTED) expect(failed).toContain(keyOf(p));
  });
});
