import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReferenceHandler, DEFAULT_API_KEY } from '../../fixtures/impls/index.js';
import { runConformance } from '../index.js';
import { describeFinding } from '../report/describe-finding.js';

/**
 * The reference server, except that a creation whose name holds `~` takes the whole process down:
 * the listener closes and every socket with it, as when an uncaught exception ends a Node server.
 * `answerFirst`: the fatal request is answered, and the process dies just after.
 */
async function dyingOnTilde(answerFirst: boolean, together = false): Promise<string> {
  const reference = createReferenceHandler();
  // `together`: the fatal request waits for the next request to arrive, and both die with the
  // process: two requests in flight, whatever order the seed sends them in.
  let dieWithNext: (() => void) | undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (dieWithNext) return dieWithNext();
    if (req.method !== 'POST') return reference(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const die = () => {
        server.close();
        server.closeAllConnections();
        req.socket.destroy();
      };
      const fatal = /"name":"[^"]*~/.test(body.toString());
      if (fatal && !answerFirst && together) {
        dieWithNext = die;
        return;
      }
      if (fatal && !answerFirst) return die();
      if (fatal) res.on('finish', die);
      // The body was read here: the reference reads it again from a copy.
      const copy = Object.assign(Readable.from([body]), {
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        method: req.method,
        url: req.url,
        socket: req.socket,
        httpVersion: req.httpVersion,
      });
      reference(copy as unknown as IncomingMessage, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe('a target that dies on one request', () => {
  it('names the request that took it down, and not the refused requests after it', async () => {
    const report = await runConformance({
      target: await dyingOnTilde(false),
      apiKey: DEFAULT_API_KEY,
      seed: 7,
      runs: 20,
      // One request at a time: the request that got no answer is the one that took it down.
      concurrency: 1,
    });
    const failures = report.findings.filter((f) => f.severity === 'failure');
    const stopped = failures.find((f) => f.code === 'transport_error' && f.evidence.scenario === 'run-stopped');
    expect(stopped?.request?.method).toBe('POST');
    expect(stopped?.request?.body).toMatch(/"name":"[^"]*~/);
    expect(describeFinding(stopped!)).toMatch(
      /after answering .* and leaving POST \/pets unanswered: one of the two took it down/,
    );
    expect(stopped?.reproducer?.request).toBe(stopped?.request);
    // The fatal request's own finding: its connection closed without an answer.
    const own = failures.find((f) => f.code === 'transport_error' && f.evidence.scenario === 'exchange');
    expect(own?.request?.body).toMatch(/"name":"[^"]*~/);
    // Nothing blamed on what came after: no refused connection, no request never sent.
    for (const f of failures) {
      expect(describeFinding(f)).not.toMatch(/ECONNREFUSED|not sent/);
      expect(f.request?.path).not.toBe('');
    }
    expect(report.verdict).toBe('failed');
  });

  it('names every request in flight when it died, and blames none of them alone', async () => {
    const report = await runConformance({
      target: await dyingOnTilde(false, true),
      apiKey: DEFAULT_API_KEY,
      seed: 7,
      runs: 20,
      concurrency: 2,
    });
    const failures = report.findings.filter((f) => f.severity === 'failure');
    const stopped = failures.find((f) => f.code === 'transport_error' && f.evidence.scenario === 'run-stopped');
    const sent = [...(stopped?.reproducer?.setup ?? []), stopped?.reproducer?.request];
    expect(describeFinding(stopped!)).toMatch(/were in flight together.*one of these took it down/);
    // The fatal request is among those the reproducer sends.
    expect(sent.some((r) => /"name":"[^"]*~/.test(r?.body ?? ''))).toBe(true);
    // No request fails alone for a missing answer another request's crash may have cost it.
    const alone = failures.filter((f) => f.code === 'transport_error' && f.evidence.scenario === 'exchange');
    expect(alone).toEqual([]);
    const settled = report.findings.filter(
      (f) => f.code === 'transport_error' && f.evidence.scenario === 'exchange' && f.severity === 'advisory',
    );
    expect(settled.length).toBeGreaterThanOrEqual(1);
    expect(report.verdict).toBe('failed');
  });

  it('names the last request answered when the target dies after answering it, and sends both in the reproducer', async () => {
    const report = await runConformance({
      target: await dyingOnTilde(true),
      apiKey: DEFAULT_API_KEY,
      seed: 7,
      runs: 20,
    });
    const failures = report.findings.filter((f) => f.severity === 'failure');
    const stopped = failures.find((f) => f.code === 'transport_error' && f.evidence.scenario === 'run-stopped');
    // The fatal request was answered; the next one on the connection may go unanswered as the process
    // dies: the finding names the last answered and, when there is one, the first unanswered, and the
    // reproducer sends them in that order, so it takes the target down whichever of the two did.
    const sent = [...(stopped?.reproducer?.setup ?? []), stopped?.reproducer?.request];
    expect(sent[0]?.body).toMatch(/"name":"[^"]*~/);
    expect(describeFinding(stopped!)).toMatch(/after answering/);
    for (const f of failures) expect(describeFinding(f)).not.toMatch(/ECONNREFUSED|not sent/);
  });
});
