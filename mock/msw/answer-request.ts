import { type CoreRequest, type CoreResponse, type MockCore, dripPieces } from '../core/index.js';
import { internalFailure } from '../errors.js';
import { DRIP_CHUNKS } from '../faults/fault.js';

/**
 * The origin the handlers answer for by default: the one `npm start` listens on, so an app
 * configured for the local mock needs no change in its tests.
 */
export const DEFAULT_MSW_ORIGIN = 'http://127.0.0.1:4010';

/**
 * Answers one fetch `Request` through the mock's request handling, in memory, as a fetch `Response`:
 * what MSW's handlers return, in Node and in the browser. A reset or empty fault is `Response.error()`
 * (the fetch fails, as when a server drops the connection); a drip streams the body in pieces.
 */
export async function answerRequest(core: MockCore, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // fetch does not expose the framing it used; the mock reads a body only when one is declared.
  if (body !== undefined) headers['content-length'] = String(body.length);
  const coreRequest: CoreRequest = {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers,
    ...(body === undefined ? {} : { body }),
  };
  const response = await core.handle(coreRequest);
  if (response.delivery?.kind === 'reset' || response.delivery?.kind === 'empty') return Response.error();
  try {
    return toResponse(response, request.method, core.signal);
  } catch {
    // A header value the fetch API refuses: an Error body, as the node server falls back to.
    return toResponse(core.errorResponse(internalFailure()), request.method, core.signal);
  }
}

function toResponse(response: CoreResponse, method: string, signal: AbortSignal): Response {
  const hasBody = response.status !== 204 && response.status !== 304 && method !== 'HEAD';
  // Framing headers describe a socket, not this in-memory answer.
  const { 'Content-Length': _length, Connection: _connection, ...headers } = response.headers;
  const init = { status: response.status, headers };
  if (!hasBody) return new Response(null, init);
  if (response.delivery?.kind !== 'drip') return new Response(response.body as Uint8Array<ArrayBuffer>, init);
  return new Response(drip(dripPieces(response.body, DRIP_CHUNKS), response.delivery.intervalMs, signal), init);
}

/** The pieces as a stream, one every `intervalMs` (all at once when `signal`, shutdown, aborts). */
function drip(pieces: readonly Uint8Array[], intervalMs: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= pieces.length) return controller.close();
      if (!signal.aborted)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, intervalMs);
          function done() {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
          }
          signal.addEventListener('abort', done);
        });
      controller.enqueue(pieces[at++]!);
      if (at >= pieces.length) controller.close();
    },
  });
}
