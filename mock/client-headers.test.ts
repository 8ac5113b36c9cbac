import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_FIELDS_LIMIT } from './server.js';
import { AUTH, type TestMock, isErrorBody, startTestMock } from './_test-support.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.close());

/** Sends a GET through node:http (no client-side limit on what is sent) and collects the answer. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const cookies = Array.from({ length: 64 }, (_, i) => `_cookie${i}=${'c'.repeat(56)}`).join('; ');
const userAgent = `Mozilla/5.0 ${'Plugin/1.0 '.repeat(186)}`.slice(0, 2048);

describe('headers real clients send', () => {
  it('4 KiB of cookies and a 2 KiB User-Agent are taken beside a 12 KiB URL (over 16 KiB in all)', async () => {
    expect(cookies.length).toBeGreaterThan(4000);
    const path = `/v1/pets?limit=5&ignored=${'q'.repeat(12_000)}`;
    const res = await get(path, { Authorization: AUTH, Cookie: cookies, 'User-Agent': userAgent });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveLength(5);
  });

  it('header fields over 16 KiB get 431 in the spec error shape, and the log says why', async () => {
    const before = t.lines.length;
    const res = await get('/v1/pets', { Authorization: AUTH, 'X-Big': 'b'.repeat(HEADER_FIELDS_LIMIT) });
    expect(res.status).toBe(431);
    expect(isErrorBody(JSON.parse(res.body), 431)).toBe(true);
    expect(t.lines.slice(before).join('\n')).toMatch(/ 431 .* — header fields of \d+ bytes exceed 16384/);
  });
});
