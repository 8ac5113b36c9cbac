import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswMock, type MswMock } from './index.js';

describe('faults through MSW', () => {
  let api: MswMock;
  const server = setupServer();
  beforeAll(async () => {
    api = await createMswMock({ apiKeys: ['k'] });
    server.use(...api.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(async () => {
    server.close();
    await api.close();
  });
  const get = (fault: string) => fetch(`${api.url}/pets?limit=2`, { headers: { Authorization: 'Bearer k', 'X-Mock-Fault': fault } });

  it('a reset or an empty reply fails the fetch, as a dropped connection does', async () => {
    await expect(get('reset')).rejects.toThrow();
    await expect(get('empty')).rejects.toThrow();
  });

  it('a status, a malformed body and a drip arrive as they would over a socket', async () => {
    expect((await get('status=503')).status).toBe(503);
    const malformed = await get('malformed');
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
    const dripped = await get('drip=5ms');
    expect(await dripped.json()).toHaveLength(2);
    const plain = await fetch(`${api.url}/pets?limit=2`, { headers: { Authorization: 'Bearer k' } });
    expect(await plain.json()).toHaveLength(2);
  });
});
