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
  const get = (fault: string) =>
    fetch(`${api.url}/pets?limit=2`, { headers: { Authorization: 'Bearer k', 'X-Mock-Fault': fault } });

  it('a reset or an empty reply fails the fetch, as a dropped connection does', async () => {
    // A network error: fetch rejects, or (where another MSW setup in the same worker patched fetch
    // first) resolves Response.error(), whose status is 0. Both say the connection was dropped.
    for (const fault of ['reset', 'empty']) {
      const outcome = await get(fault).then(
        (r) => r.status,
        () => 'rejected',
      );
      expect([fault, outcome === 'rejected' || outcome === 0]).toEqual([fault, true]);
    }
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
