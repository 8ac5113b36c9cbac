// Any spec: answers are checked before they leave (media type, schema), request bodies of every declared type are read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from './index.js';

const KEY = 'media-key';

describe('answers checked against the spec (mock/__fixtures__/media.yaml)', () => {
  let mock: RunningMock;
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${mock.url}${path}`, { ...init, headers: { Authorization: `Bearer ${KEY}`, ...init.headers } });
  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      quiet: true,
      spec: 'mock/__fixtures__/media.yaml',
      apiKeys: [KEY],
      watch: false,
    });
  });
  afterAll(() => mock.close());

  it('reads a form body the operation declares, and serves the image or PDF Accept asks for', async () => {
    const form = {
      method: 'POST',
      body: 'Html=%3Cp%3Ehi%3C%2Fp%3E&Width=3',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    };
    const png = await send('/render', { ...form, headers: { ...form.headers, Accept: 'image/png' } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    const pdf = await send('/render', { ...form, headers: { ...form.headers, Accept: 'application/pdf' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });

  it('checks a form body against its schema (400 in the declared error shape, status a string)', async () => {
    const res = await send('/render', {
      method: 'POST',
      body: 'Width=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'image/png' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.status).toBe('400');
    expect(typeof body.detail).toBe('string');
  });

  it('gives undocumented statuses (415) and route errors (405) the error schema every documented error shares', async () => {
    const res = await send('/render', { method: 'POST', body: '<p/>', headers: { 'Content-Type': 'text/html' } });
    expect(res.status).toBe(415);
    expect(((await res.json()) as Record<string, unknown>).status).toBe('415');
    const wrongMethod = await send('/render');
    expect(wrongMethod.status).toBe(405);
    expect(((await wrongMethod.json()) as Record<string, unknown>).status).toBe('405');
  });

  it('replaces a spec example that breaks its own schema by a body that fits (pattern included)', async () => {
    const res = await send('/greeting');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; text: string };
    expect(body.id).toMatch(/^GR[0-9a-f]{8}$/);
    expect(typeof body.text).toBe('string');
  });
});
