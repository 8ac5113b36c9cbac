/**
 * The example app's unit tests: its page logic (app.ts) in jsdom, its requests answered by the same
 * stateful mock as `npm start`, through MSW (`createMswMock` from mock/msw): no port, no browser.
 * The browser journey itself (CORS, real rendering) is frontend.e2e.test.ts.
 *
 * jsdom's globals are installed by hand (vitest's own jsdom environment, set up in beforeAll) rather
 * than by naming jsdom as the file's environment in a docblock: that also transforms every module as browser
 * code, which rewrites the mock's `new URL('../spec/openapi.yaml', import.meta.url)` into an http://
 * URL. A project that installs the package can name it: vitest loads packages from
 * node_modules untransformed.
 */
import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { createMswMock, type MswMock } from '../../mock/msw/index.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const rows = () => [...$<HTMLTableElement>('pets-table').tBodies[0]!.rows];
const rowNames = () => rows().map((row) => row.cells[1]!.textContent);

/** Waits until `condition` holds (the page updates after its requests answer). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function submit(formId: string): void {
  $<HTMLFormElement>(formId).dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
}

describe('example app on the MSW mock (jsdom)', () => {
  let api: MswMock;
  let dom: Awaited<ReturnType<typeof builtinEnvironments.jsdom.setup>>;
  const server = setupServer();

  beforeAll(async () => {
    // The page's origin differs from the API's, as in the browser journey.
    dom = await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { url: 'http://127.0.0.1:5500/' } });
    api = await createMswMock();
    server.use(...api.handlers);
    // Anything the mock does not answer (another origin) is a bug in the app or the test.
    server.listen({ onUnhandledRequest: 'error' });
    const html = readFileSync(new URL('index.html', import.meta.url), 'utf8');
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
    await import('./app.js');
  });

  afterAll(async () => {
    server.close();
    await api.close();
    await dom.teardown(globalThis);
  });

  it('lists the seed pets from the mock', async () => {
    await until(() => $('pets').dataset.state === 'ready', 'the list');
    expect(rowNames()).toHaveLength(30);
    expect(rowNames()).toContain('Rex');
  });

  it('adds a pet, which the list then shows, and the mock keeps', async () => {
    $<HTMLInputElement>('new-name').value = 'Pumpernickel';
    $<HTMLInputElement>('new-category').value = '7';
    $<HTMLSelectElement>('new-status').value = 'pending';
    submit('add-form');
    await until(() => $('add-result').dataset.state === 'ok', 'the creation');
    expect($('add-result').textContent).toMatch(/^Added Pumpernickel as #\d+\.$/);
    await until(() => rowNames().includes('Pumpernickel'), 'the new pet in the list');
    expect(rows().find((row) => row.classList.contains('new'))?.cells[1]?.textContent).toBe('Pumpernickel');
  });

  it('filters by status', async () => {
    const filter = $<HTMLSelectElement>('filter');
    filter.value = 'sold';
    filter.dispatchEvent(new Event('change'));
    await until(() => $('pets-message').textContent?.includes('with status sold') ?? false, 'the filtered list');
    expect([...document.querySelectorAll('#pets-table .badge')].map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['sold']),
    );
    expect(new Set([...document.querySelectorAll('#pets-table .badge')].map((b) => b.textContent))).toEqual(
      new Set(['sold']),
    );
    filter.value = '';
    filter.dispatchEvent(new Event('change'));
    await until(() => rows().length > 30, 'the whole list again');
  });

  it('shows the 401 state when the key is broken, and recovers', async () => {
    const breakKey = $<HTMLInputElement>('break-key');
    breakKey.checked = true;
    breakKey.dispatchEvent(new Event('change'));
    await until(() => $('pets').dataset.state === 'error', 'the 401 state');
    expect($('pets-message').querySelector('[data-status="401"]')?.textContent).toContain('401 · Not authorised');
    breakKey.checked = false;
    breakKey.dispatchEvent(new Event('change'));
    await until(() => $('pets').dataset.state === 'ready', 'the list again');
  });

  it('shows a stored pet, and the 404 state for an unknown id and for Prefer: code=404', async () => {
    $<HTMLInputElement>('lookup-id').value = '1';
    submit('lookup-form');
    await until(() => $('lookup-result').dataset.state === 'ok', 'pet 1');
    expect($('lookup-result').textContent).toContain('#1 ');
    $<HTMLInputElement>('lookup-id').value = '9999';
    submit('lookup-form');
    await until(() => $('lookup-result').dataset.state === 'error', 'the 404 state');
    expect($('lookup-result').querySelector('[data-status="404"]')).not.toBeNull();
    $<HTMLInputElement>('lookup-id').value = '1';
    $<HTMLInputElement>('force-404').checked = true;
    submit('lookup-form');
    await until(() => $('lookup-result').dataset.state === 'error', 'the forced 404');
    expect($('lookup-result').textContent).toContain('404');
    $<HTMLInputElement>('force-404').checked = false;
  }, 30_000);

  it('resets the mock from the page: the added pet is gone', async () => {
    $('reset').click();
    await until(() => $('add-result').textContent === 'Mock reset: 30 seed pets.', 'the reset');
    await until(() => $('pets').dataset.state === 'ready' && !rowNames().includes('Pumpernickel'), 'the seed list');
    expect(rowNames()).toHaveLength(30);
  });
});
