import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, KEY, type TestMock, startTestMock } from './_test-support.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.close());

/** Sends one request and returns the log line it produced. */
async function logged(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const before = t.lines.length;
  const res = await fetch(`${t.base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  await res.arrayBuffer();
  const lines = t.lines.slice(before);
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe('each non-2xx log line names the rule that produced it', () => {
  it('415: the media type sent and the ones the request body declares', async () => {
    const line = await logged('POST', '/v1/pets', { Authorization: AUTH, 'Content-Type': 'text/plain' }, 'Rex');
    expect(line).toMatch(
      /^POST \/v1\/pets 415 \d+\.\dms — requestBody content: text\/plain not in \[application\/json\]$/,
    );
  });

  it('400: the parameter, or the JSON pointer of the body member', async () => {
    expect(await logged('GET', '/v1/pets?limit=0', { Authorization: AUTH })).toMatch(
      / 400 \d+\.\dms — query parameter 'limit' must be >= 1$/,
    );
    const body = await logged(
      'POST',
      '/v1/pets',
      { Authorization: AUTH, 'Content-Type': 'application/json' },
      '{"name":"Rex","categoryId":"one"}',
    );
    expect(body).toMatch(/ 400 \d+\.\dms — request body: \/categoryId must be integer$/);
  });

  it('401: the security scheme, and no credential in the line', async () => {
    const line = await logged('GET', '/v1/pets', { Authorization: 'Bearer wrong-key-123' });
    expect(line).toMatch(/ 401 \d+\.\dms — security scheme bearerAuth: /);
    expect(line).not.toContain('wrong-key-123');
    expect(line).not.toContain(KEY);
  });

  it('404 and 405 on routes, a store 404, a forced answer; a 2xx line has no reason', async () => {
    expect(await logged('GET', '/v1/nowhere')).toMatch(/ 404 \d+\.\dms — No route matches \/v1\/nowhere\.$/);
    expect(await logged('DELETE', '/v1/pets', { Authorization: AUTH })).toMatch(
      / 405 .* — Method DELETE is not allowed/,
    );
    expect(await logged('GET', '/v1/pets/99999', { Authorization: AUTH })).toMatch(
      / 404 .* — No animal has the id 99999\.$/,
    );
    expect(await logged('GET', '/v1/pets/1', { Authorization: AUTH, Prefer: 'code=404' })).toMatch(
      / 404 .* — forced by Prefer: code=404$/,
    );
    expect(await logged('GET', '/v1/pets?limit=1', { Authorization: AUTH })).toMatch(/ 200 \d+\.\dms$/);
  });
});
