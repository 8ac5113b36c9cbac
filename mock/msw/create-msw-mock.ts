import { http, type HttpHandler } from 'msw';
import type { MockOptions } from '../options.js';
import { createMockServer, type MockServer } from '../server.js';
import { DEFAULT_MSW_ORIGIN, answerRequest } from './answer-request.js';

export { DEFAULT_MSW_ORIGIN };

/** Options of {@link createMswMock}: the mock's own options, without the socket ones. */
export interface MswMockOptions extends Omit<MockOptions, 'port' | 'host' | 'watch'> {
  /** Scheme, host and port whose requests the handlers answer. Default {@link DEFAULT_MSW_ORIGIN}. */
  readonly origin?: string;
}

/** A mock served through MSW handlers. */
export interface MswMock {
  /** Hand these to `setupServer(...handlers)` (from `msw/node`), or to `server.use(...)`. */
  readonly handlers: readonly HttpHandler[];
  /** The API's base URL as the app should call it, base path included, e.g. `http://127.0.0.1:4010/v1`. */
  readonly url: string;
  /** The mock behind the handlers (its options, its spec). */
  readonly mock: MockServer;
  /** Restores the seed data, e.g. in `afterEach`. `POST <origin>/__mock/reset` does the same. */
  reset(): void;
  /** Releases the mock (pending `X-Mock-Delay` waits end at once). */
  close(): Promise<void>;
}

/**
 * Builds the mock (stateful by default, key `dev-key`, no request log) and returns MSW handlers
 * that answer every request to `origin` through it: the key check, validation, the Error body,
 * state, `Prefer`, delays and `POST /__mock/reset` behave exactly as on the listening mock,
 * because each request goes through the mock's own request handling (`core.ts`), in memory.
 *
 * Node (`msw/node`): the spec, seed and faults are read from disk, and Prism answers what the store
 * does not. For the browser's `setupWorker`, see `createBrowserMock` (`./msw/browser`).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMswMock } from 'openapi-contract-kit/msw';
 *
 * const api = await createMswMock();
 * const server = setupServer(...api.handlers);
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 * afterEach(() => api.reset());
 * afterAll(() => server.close());
 * ```
 */
export async function createMswMock(options: MswMockOptions = {}): Promise<MswMock> {
  const { origin = DEFAULT_MSW_ORIGIN, ...mockOptions } = options;
  // admin: the reset route is served as on a loopback mock, whatever the origin's host.
  const mock = await createMockServer({ quiet: true, admin: true, ...mockOptions, watch: false });
  const base = new URL(origin).origin;
  const handler = http.all(`${base}/*`, ({ request }) => answerRequest(mock.core, request));
  return {
    handlers: [handler],
    url: `${base}${mock.spec.basePath}`,
    mock,
    reset: () => mock.reset(),
    close: () => mock.close(),
  };
}
