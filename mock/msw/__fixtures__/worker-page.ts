// The page of browser.e2e.test.ts: starts the browser mock behind MSW's service worker, then says
// where the API is. The test drives fetch calls from the page.
import { setupWorker } from 'msw/browser';
import { createBrowserMock } from '../browser.js';

const api = await createBrowserMock({ origin: 'http://animal-store.mock', apiKeys: ['e2e-key'] });
await setupWorker(...api.handlers).start({
  serviceWorker: { url: '/mockServiceWorker.js' },
  onUnhandledRequest: 'bypass',
  quiet: true,
});
document.body.dataset.api = api.url;
