// The mock checks the credential the spec's own schemes ask for: a second spec with API keys in a
// header, a query parameter and a cookie, Basic OR OAuth 2.0, a public and an optional operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestMock, startTestMock } from './_test-support.js';

const SPEC = new URL('./__fixtures__/schemes.yaml', import.meta.url).pathname;
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
let t: TestMock;

beforeAll(async () => {
  t = await startTestMock({ spec: SPEC, mode: 'static', apiKeys: ['k-123456789'], users: ['ann:s3cret'] });
});
afterAll(() => t.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.base}/api${path}`, { headers });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    // The spec documents no error body: errors are RFC 9457 problems.
    body: (await response.json()) as { detail?: string },
  };
}

describe('the mock on a spec with other schemes', () => {
  it('API key in a header (name in any case), challenge APIKey', async () => {
    expect((await get('/header', { 'X-API-Key': 'k-123456789' })).status).toBe(200);
    expect((await get('/header', { 'x-api-key': 'k-123456789' })).status).toBe(200);
    const refused = await get('/header', { Authorization: 'Bearer k-123456789' });
    expect(refused).toMatchObject({ status: 401, challenge: 'APIKey in="header", name="X-API-Key"' });
    expect(refused.body.detail).toContain('X-API-Key');
    expect((await get('/header', { 'X-API-Key': 'k-12345678' })).status).toBe(401);
  });

  it('API key in the query (exact name) and in a cookie', async () => {
    expect((await get('/query?api_key=k-123456789')).status).toBe(200);
    expect((await get('/query?API_KEY=k-123456789')).status).toBe(401);
    expect((await get('/cookie', { Cookie: 'a=1; session=k-123456789' })).status).toBe(200);
    expect((await get('/cookie', { Cookie: 'Session=k-123456789' })).status).toBe(401);
  });

  it('Basic OR OAuth 2.0: either credential is accepted; the challenge names both', async () => {
    expect((await get('/basic', { Authorization: basic('ann:s3cret') })).status).toBe(200);
    expect((await get('/basic', { Authorization: 'Bearer k-123456789' })).status).toBe(200);
    const refused = await get('/basic', { Authorization: basic('ann:wrong') });
    expect(refused).toMatchObject({
      status: 401,
      challenge: 'Basic realm="Schemes", charset="UTF-8", Bearer scope="read"',
    });
  });

  it('public and optional operations are open', async () => {
    expect((await get('/public')).status).toBe(200);
    expect((await get('/optional')).status).toBe(200);
    expect((await get('/optional', { 'X-API-Key': 'k-123456789' })).status).toBe(200);
  });

  it('never logs a presented credential, wherever it travels', async () => {
    await get('/query?api_key=k-123456789&other=1');
    await get('/query?api_key=zz-unknown-key');
    expect(t.lines.join('\n')).not.toMatch(/k-123456789|zz-unknown-key/);
  });
});
