import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceHandler, DEFAULT_API_KEY } from '../../fixtures/impls/index.js';
import { runConformance } from '../index.js';

/**
 * The reference server behind a limiter that lets `allowed` requests through, then answers 429 (to
 * every `every`th request only, where given)
 * with a Retry-After too long for the kit to wait (express-rate-limit's 100 per 15 minutes: held-out set 59).
 */
async function limited(allowed: number, every = 1): Promise<{ url: string; close: () => void }> {
  const reference = createReferenceHandler();
  let seen = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen++;
    if (seen <= allowed || seen % every !== 0) return reference(req, res);
    req.resume();
    res.writeHead(429, { 'Content-Type': 'text/plain', 'Retry-After': '900' });
    res.end('Too many requests, please try again later.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

const servers: { close: () => void }[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

describe('a target that answers most requests 429', () => {
  it('is not certified: the run says it tested too little, and keeps its findings', async () => {
    const target = await limited(40);
    servers.push(target);
    const report = await runConformance({ target: target.url, apiKey: DEFAULT_API_KEY, seed: 3, runs: 10 });
    expect(report.verdict).toBe('error');
    expect(report.error).toMatch(/of [\d,]+ requests answered 429 \(rate-limited\).*too little to certify/);
    expect(report.findings.some((f) => f.code === 'contract_gap' && f.gap === 'rate-limits')).toBe(true);
  });

  it('a few 429s among answers do not stop a certificate', async () => {
    const target = await limited(40, 25);
    servers.push(target);
    const report = await runConformance({ target: target.url, apiKey: DEFAULT_API_KEY, seed: 3, runs: 10 });
    expect(report.findings.some((f) => f.code === 'contract_gap' && f.gap === 'rate-limits')).toBe(true);
    expect(report.verdict).toBe('certified');
  });
});
