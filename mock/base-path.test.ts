import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from './options.js';
import { startMock } from './start.js';

describe('--base-path overrides the base path servers[0] names', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true, apiKeys: ['k'], basePath: '/api/v9' });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('serves under the given path, and no longer under /v1', async () => {
    expect(mock.url).toMatch(/\/api\/v9$/);
    const ok = await fetch(`${mock.url}/pets?limit=1`, { headers: { authorization: 'Bearer k' } });
    expect(ok.status).toBe(200);
    const old = await fetch(mock.url.replace('/api/v9', '/v1/pets'), { headers: { authorization: 'Bearer k' } });
    expect(old.status).toBe(404);
  });

  it('is read from --base-path and MOCK_BASE_PATH', () => {
    expect(parseCli(['--base-path', '/'], {})).toMatchObject({ options: { basePath: '/' } });
    expect(parseCli([], { MOCK_BASE_PATH: '/x' })).toMatchObject({ options: { basePath: '/x' } });
  });
});
