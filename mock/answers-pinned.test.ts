/**
 * Pins the mock's answers byte for byte (status, every header but Date in the order sent, body) over
 * a short stateful sequence: list, create, get, a wrong key, an invalid body, an unknown route, a
 * forced status, CORS. The per-request caches and fast paths (issue 23) must not change one byte.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH, type TestMock, startTestMock } from './_test-support.js';

let t: TestMock;

beforeAll(async () => {
  t = await startTestMock({ mode: 'stateful' });
});
afterAll(() => t.close());

/** One exchange as text: the status line, the raw headers (without Date), a blank line, the body. */
function exchange(method: string, path: string, headers: Record<string, string>, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const lines: string[] = [`${res.statusCode}`];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve(`${lines.join('\n')}\n\n${Buffer.concat(chunks).toString('utf8')}`);
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = { Authorization: AUTH, 'Content-Type': 'application/json' };

it('answers a fixed sequence exactly as pinned', async () => {
  const answers: string[] = [];
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) =>
    answers.push(await exchange(method, path, headers, body));
  await send('GET', '/v1/pets?limit=5', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=2&status=available', { Authorization: AUTH, Origin: 'http://localhost:3000' });
  await send('POST', '/v1/pets', json, '{"name":"Rex","categoryId":1,"status":"available","extra":true}');
  await send('GET', '/v1/pets?limit=100', { Authorization: AUTH, Accept: 'application/json' });
  const created = /"id":(\d+),"name":"Rex"/.exec(answers[2]!)?.[1];
  expect(created).toBeDefined();
  await send('GET', `/v1/pets/${created}`, { Authorization: AUTH });
  await send('GET', '/v1/pets/999999', { Authorization: AUTH });
  await send('GET', '/v1/pets', { Authorization: 'Bearer wrong-key' });
  await send('GET', '/v1/pets', {});
  await send('POST', '/v1/pets', json, '{"name":7}');
  await send('POST', '/v1/pets', json, '{"name":');
  await send('POST', '/v1/pets', { Authorization: AUTH, 'Content-Type': 'text/plain' }, 'Rex');
  await send('GET', '/v1/pets?limit=0', { Authorization: AUTH });
  await send('GET', '/v1/pets?&limit=2&&status=available&', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=%32&status=sold', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=2&limit=3', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=1&status=', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=1&status=avail+able', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=5', { Authorization: AUTH });
  await send('GET', '/v1/pets?limit=1', { Authorization: AUTH, Accept: 'text/html' });
  await send('GET', '/v1/unknown', { Authorization: AUTH });
  await send('DELETE', '/v1/pets', { Authorization: AUTH });
  await send('OPTIONS', '/v1/pets', { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' });
  await send('GET', '/v1/pets/1', { Authorization: AUTH, Prefer: 'code=404' });
  await send('GET', '/v1/pets/1', { Authorization: AUTH, Prefer: 'code=599' });
  expect(answers).toMatchSnapshot();
});
