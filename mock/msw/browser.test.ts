import { runInContext, createContext } from 'node:vm';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser, nodeBuiltinsIn } from './_browser-bundle.js';
import type { BrowserMock, createBrowserMock } from './browser.js';

// The browser entry as a browser gets it: bundled with esbuild for `platform: 'browser'`, then run
// where no Node built-in exists (a vm context holding only web globals), its handlers serving real
// fetch calls through MSW.

/** The web platform's globals, and nothing of Node's (no process, require, Buffer or module). */
function webGlobals(): Record<string, unknown> {
  return {
    URL,
    URLSearchParams,
    Request,
    Response,
    Headers,
    FormData,
    Blob,
    fetch,
    TextEncoder,
    TextDecoder,
    ReadableStream,
    WritableStream,
    TransformStream,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
    DOMException,
    BroadcastChannel,
    crypto,
    atob,
    btoa,
    structuredClone,
    queueMicrotask,
    performance,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    console,
    localStorage: memoryStorage(),
  };
}

/** A `Storage` held in memory (MSW's browser build keeps its cookies in `localStorage`). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('the browser entry', () => {
  it('bundles for the browser with no Node built-in', async () => {
    const bundle = await bundleForBrowser();
    expect(bundle.code.length).toBeGreaterThan(10_000);
    expect(nodeBuiltinsIn(bundle)).toEqual([]);
    // The mock's own modules that read files or open sockets are not in it.
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs.filter((f) => /mock\/(server|seed-pets|prism-engine)\.ts$|spec\/load-spec\.ts$/.test(f))).toEqual([]);
    expect(inputs).toContain('mock/core/create-mock-core.ts');
  });

  describe('run where only web globals exist, behind MSW', () => {
    let api: BrowserMock;
    let realm: Record<string, unknown>;
    const server = setupServer();
    const origin = 'http://browser-mock.test';

    beforeAll(async () => {
      const bundle = await bundleForBrowser({ format: 'iife', globalName: 'AnimalStoreBrowserMock' });
      realm = createContext(webGlobals());
      runInContext(bundle.code, realm, { filename: 'msw-browser.js' });
      const entry = realm.AnimalStoreBrowserMock as { createBrowserMock: typeof createBrowserMock };
      api = await entry.createBrowserMock({ origin, apiKeys: ['browser-key'] });
      server.use(...api.handlers);
      server.listen({ onUnhandledRequest: 'error' });
    });
    afterAll(() => {
      server.close();
      api?.close();
    });

    it('has no Node built-in to reach', () => {
      expect(runInContext('[typeof process, typeof require, typeof Buffer, typeof module]', realm)).toEqual([
        'undefined',
        'undefined',
        'undefined',
        'undefined',
      ]);
    });

    it('creates, lists and reads a pet, refuses a wrong key (401) and answers 404 for a missing pet', async () => {
      expect(api.url).toBe(`${origin}/v1`);
      const headers = { Authorization: 'Bearer browser-key', 'Content-Type': 'application/json' };
      const created = await fetch(`${api.url}/pets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Vm Quokka', categoryId: 3, status: 'sold' }),
      });
      expect(created.status).toBe(201);
      const pet = (await created.json()) as { id: number; name: string };
      expect(pet).toMatchObject({ name: 'Vm Quokka', categoryId: 3, status: 'sold' });

      const listed = await fetch(`${api.url}/pets?limit=100`, { headers });
      expect(listed.status).toBe(200);
      const names = ((await listed.json()) as { name: string }[]).map((p) => p.name);
      expect(names).toContain('Rex');
      expect(names).toContain('Vm Quokka');

      const read = await fetch(`${api.url}/pets/${pet.id}`, { headers });
      expect([read.status, await read.json()]).toEqual([200, pet]);

      const refused = await fetch(`${api.url}/pets`, { headers: { Authorization: 'Bearer wrong-key' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await refused.json()).toMatchObject({ status: 401, code: 'unauthorized' });

      const missing = await fetch(`${api.url}/pets/987654`, { headers });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('checks the body (400), forces answers from the spec (Prefer) and resets', async () => {
      const headers = { Authorization: 'Bearer browser-key', 'Content-Type': 'application/json' };
      const invalid = await fetch(`${api.url}/pets`, { method: 'POST', headers, body: '{"name": 5}' });
      expect([invalid.status, ((await invalid.json()) as { code: string }).code]).toEqual([400, 'invalid_body']);
      const forced = await fetch(`${api.url}/pets/1`, { headers: { ...headers, Prefer: 'code=404' } });
      expect(forced.status).toBe(404);
      expect(await forced.json()).toMatchObject({ status: 404 });
      const reset = await fetch(`${origin}/__mock/reset`, { method: 'POST' });
      expect(await reset.json()).toMatchObject({ reset: true });
      const names = ((await (await fetch(`${api.url}/pets?limit=100`, { headers })).json()) as { name: string }[]).map(
        (p) => p.name,
      );
      expect(names).not.toContain('Vm Quokka');
    });
  });
});
