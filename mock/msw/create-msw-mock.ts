import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { http, type HttpHandler } from 'msw';
import type { MockOptions } from '../options.js';
import { createMockServer, type MockServer } from '../server.js';

/**
 * The origin the handlers answer for by default: the one `npm start` listens on, so an app
 * configured for the local mock needs no change in its tests.
 */
export const DEFAULT_MSW_ORIGIN = 'http://127.0.0.1:4010';

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
 * because each request goes through the mock's own request handler, in memory.
 *
 * Node only (`msw/node`): the mock reads its spec from disk and is written against `node:http`.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMswMock } from 'animal-store-contract-kit/msw';
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
  const handler = http.all(`${base}/*`, async ({ request }) => answer(mock, request));
  return {
    handlers: [handler],
    url: `${base}${mock.spec.basePath}`,
    mock,
    reset: () => mock.reset(),
    close: () => mock.close(),
  };
}

/** Passes one fetch Request through the mock's `node:http` handler, in memory, and returns its answer. */
async function answer(mock: MockServer, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // fetch does not expose the framing it used; the mock reads a body only when one is declared.
  if (body !== undefined) headers['content-length'] = String(body.length);
  const req = Object.assign(Readable.from(body === undefined || body.length === 0 ? [] : [body]), {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers,
    httpVersion: '1.1',
  });
  return new Promise<Response>((resolve) => {
    let status = 200;
    let answerHeaders: Record<string, string> = {};
    // A dripped body (X-Mock-Fault: drip) arrives in pieces; the answer resolves with all of them.
    const pieces: Uint8Array[] = [];
    // Only what the mock's `send` (and its fault delivery) uses of a ServerResponse.
    const res = {
      headersSent: false,
      destroyed: false,
      writeHead(code: number, fields: Record<string, string>) {
        status = code;
        answerHeaders = fields;
        res.headersSent = true;
        return res;
      },
      flushHeaders() {},
      write(piece: string | Uint8Array) {
        pieces.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
        return true;
      },
      // X-Mock-Fault: reset or empty: the fetch fails as it does when a server drops the connection.
      destroy() {
        res.destroyed = true;
        resolve(Response.error());
        return res;
      },
      end(text?: string | Uint8Array) {
        const hasBody = status !== 204 && status !== 304 && request.method !== 'HEAD';
        // Framing headers describe the mock's socket, not this in-memory answer.
        const { 'Content-Length': _length, Connection: _connection, ...rest } = answerHeaders;
        const last = text === undefined ? [] : [typeof text === 'string' ? Buffer.from(text) : text];
        const whole: string | Uint8Array<ArrayBuffer> =
          pieces.length === 0 && typeof text !== 'object'
            ? (text ?? '')
            : new Uint8Array(Buffer.concat([...pieces, ...last]));
        resolve(new Response(hasBody ? whole : null, { status, headers: rest }));
        return res;
      },
    };
    mock.handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  });
}
