import { readFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_SPEC_PATH, type SpecModel, loadSpec } from '../spec/index.js';
import { resourceModelFor } from '../spec/resources/index.js';
import { type CoreRequest, type CoreResponse, type MockCore, createMockCore } from './core/index.js';
import { type MockError, internalFailure, mockError, notFound } from './errors.js';
import { deliverFault, loadFaultConfig } from './faults/index.js';
import { redactTarget, requestLine, stdoutSink } from './log.js';
import { type MockOptions, type ReloadEvent, type ResolvedOptions, resolveOptions } from './options.js';
import { createPrismEngine, loadPrism } from './prism-engine.js';
import { type BodyReader, type Checked, tooLarge } from './request-input.js';
import { watchSpecFiles } from './watch-spec-files.js';
import { watchFile } from './spec-watcher.js';
import { decodedBody } from './decoded-body.js';
import { createHarRecorder } from '../proxy/har.js';
import { performance } from 'node:perf_hooks';

/** A mock server, built but not yet listening (see {@link startMock} for one that listens). */
export interface MockServer {
  /** The `node:http` server; listen on it, or hand it (or {@link MockServer.handler}) to supertest. */
  readonly server: Server;
  /** The request listener, for embedding the mock in another `node:http` server. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** The request handling behind the server, data in and data out (what the MSW handlers call). */
  readonly core: MockCore;
  /** The options in effect, defaults applied. */
  readonly options: ResolvedOptions;
  /** The spec currently served (changes on reload). */
  readonly spec: SpecModel;
  /** Restores the stateful store's seed data. */
  reset(): void;
  /**
   * Loads Prism now when the mode answers through it (static, dynamic), instead of on the first
   * request. {@link startMock} calls it once listening, so start-up does not wait for Prism.
   */
  warm(): Promise<void>;
  /** Reloads the spec from its file now; the last good spec keeps serving if the new one fails. */
  reload(): Promise<ReloadEvent>;
  /** Stops watching, cuts pending delays short, and closes the server and its connections. */
  close(): Promise<void>;
}

/**
 * The header fields a request may carry, in bytes: node's default head limit (16 KiB), counted
 * without the request line, so a long URL does not leave a browser's cookies and User-Agent short.
 */
export const HEADER_FIELDS_LIMIT = 16 * 1024;
/** The whole request head node parses (request line and fields): room for long URLs beside full headers. */
const HEAD_LIMIT = 64 * 1024;

/** How long {@link MockServer.close} lets in-flight requests finish before cutting connections. */
const CLOSE_GRACE_MS = 3_000;

/**
 * Builds the mock: loads the spec through the one spec loader, reads the seed pets, the data file
 * and the faults file, and wraps the mock's request handling (`core.ts`) in a `node:http` server
 * that is not yet listening. Layers, in order: admin routes, CORS preflight, base path and routing
 * (404/405), key check (401), delay and Prefer headers, parameter and body checks (400/413/415), then
 * the answer from the store (stateful) or from Prism (static, dynamic, and any request with a Prefer
 * header). Every failure is rendered by the one Error renderer.
 *
 * @throws the spec loader's `SpecLoadError`, or an Error for bad options or seed data.
 */
export async function createMockServer(options: MockOptions = {}): Promise<MockServer> {
  const opts = resolveOptions(options, stdoutSink);
  const log = opts.log;
  // The shipped spec, as loaded at start, is pinned valid by spec/ tests: skip the slow schema check.
  const spec = await loadSpec(opts.specFile, {
    schemaCheck: opts.specFile !== DEFAULT_SPEC_PATH,
    ...(opts.basePath !== undefined ? { basePath: opts.basePath } : {}),
  });
  const dataFile = opts.dataFile;
  const core: MockCore = createMockCore({
    spec,
    options: opts,
    engine: createPrismEngine,
    resources: {
      modelFor: (next) => resourceModelFor(next),
      ...(dataFile === undefined
        ? {}
        : { data: { name: dataFile, read: () => JSON.parse(readFileSync(dataFile, 'utf8')) as unknown } }),
    },
  });
  if (opts.faultsFile !== undefined) core.setFaults(loadFaultConfig(opts.faultsFile));

  const recorder =
    options.record !== undefined
      ? createHarRecorder(options.record, {
          schemes: spec.securitySchemes.values(),
          keepSecrets: options.recordSecrets === true,
        })
      : undefined;

  // When the last request came: Prism loads in a quiet moment (see warm()).
  let lastRequestAt = 0;
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    lastRequestAt = performance.now();
    const fields = headerFieldsWithin(req.rawHeaders) ? 0 : headerFieldBytes(req.rawHeaders);
    if (fields > HEADER_FIELDS_LIMIT) {
      if (!opts.quiet)
        log(
          `${requestLine(req.method ?? 'GET', redactTarget(req.url ?? '/', core.secretsOf(req.headers, req.url ?? '/')), 431, 0)} — header fields of ${fields} bytes exceed ${HEADER_FIELDS_LIMIT}`,
        );
      res.shouldKeepAlive = false;
      return send(res, core.errorResponse(headersTooLarge()));
    }
    const request: CoreRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: decodedBody(nodeBody(req), req.headers['content-encoding']),
    };
    if (!recorder) {
      void core.handle(request).then((response) => send(res, response));
      return;
    }
    // Recording: keep the body the core read, and the answer it gave.
    const startedAt = Date.now();
    const t0 = performance.now();
    let sent: Uint8Array = new Uint8Array(0);
    const read = request.body as BodyReader;
    const recorded: CoreRequest = {
      ...request,
      body: async (limit) => {
        const result = await read(limit);
        if (result.ok) sent = result.value;
        return result;
      },
    };
    void core.handle(recorded).then((response) => {
      send(res, response);
      recorder.add({
        startedAt,
        method: request.method,
        url: `http://${req.headers.host ?? 'localhost'}${request.url}`,
        requestHeaders: req.headers,
        requestBody: sent,
        status: response.status,
        responseHeaders: response.headers,
        responseBody: response.body,
        ms: performance.now() - t0,
      });
    });
  };

  function send(res: ServerResponse, response: CoreResponse): void {
    if (res.headersSent || res.destroyed) return;
    try {
      if (response.delivery) return deliverFault(res, response, response.delivery, core.signal);
      if (response.status === 204) {
        // A 204 has no content, so no length either (RFC 9110 §8.6): node drops the bytes of a body
        // the spec documents for it, and a Content-Length left standing would break the framing.
        const { 'Content-Length': _length, ...headers } = response.headers;
        res.writeHead(204, headers);
        res.end();
        return;
      }
      res.writeHead(response.status, response.headers);
      res.end(response.body);
    } catch (error) {
      // A header value Prism produced that node refuses: fall back to a plain Error body.
      log(`mock error: cannot send answer: ${(error as Error).message}`);
      if (!res.headersSent) {
        const fallback = core.errorResponse(internalFailure());
        res.writeHead(fallback.status, fallback.headers);
        res.end(fallback.body);
      }
    }
  }

  const server = createServer({ keepAliveTimeout: 5_000, maxHeaderSize: HEAD_LIMIT }, handler);
  // Requests node cannot even parse still get the contract's Error body.
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    if (!opts.quiet)
      log(
        `- - ${tooLarge ? 431 : 400} 0.0ms — ${tooLarge ? `request head over ${HEAD_LIMIT} bytes` : `not HTTP (${error.code ?? 'unparsable'})`}`,
      );
    endWithError(
      core,
      socket,
      tooLarge ? 'Request Header Fields Too Large' : 'Bad Request',
      tooLarge ? headersTooLarge() : mockError(400, 'malformed_request', 'The request is not valid HTTP.'),
    );
  });
  // CONNECT never reaches the handler: without a listener node drops the socket unanswered.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    // node hands the socket over without its own error listener: a reset must not crash the mock.
    socket.on('error', () => socket.destroy());
    if (!socket.writable) return socket.destroy();
    if (!opts.quiet)
      log(requestLine('CONNECT', redactTarget(req.url ?? '', core.secretsOf(req.headers, req.url ?? '')), 404, 0));
    endWithError(core, socket, 'Not Found', notFound(req.url ?? ''));
  });

  let reloading: Promise<ReloadEvent> | undefined;
  async function reload(): Promise<ReloadEvent> {
    // One reload at a time; a change during a reload is picked up by the next one.
    const previous = reloading ?? Promise.resolve(undefined);
    const next = previous.then(async (): Promise<ReloadEvent> => {
      try {
        core.update(await loadSpec(opts.specFile, opts.basePath !== undefined ? { basePath: opts.basePath } : {}));
        void watcher?.refresh();
        log(`spec reloaded: ${opts.specFile}`);
        return { ok: true, file: opts.specFile };
      } catch (error) {
        const message = (error as Error).message.split('\n')[0] ?? 'unknown error';
        log(`spec reload failed, still serving the last good spec: ${message}`);
        return { ok: false, file: opts.specFile, message };
      }
    });
    reloading = next;
    const event = await next;
    opts.onReload?.(event);
    return event;
  }
  // The spec, the files its $refs reach and its resource config: an edit to any of them reloads.
  const watcher = opts.watch ? watchSpecFiles(opts.specFile, () => void reload()) : undefined;
  // An edited faults file applies at once; a bad edit keeps the last good faults.
  const faultsFile = opts.faultsFile;
  const stopFaults =
    opts.watch && faultsFile !== undefined
      ? watchFile(faultsFile, () => {
          try {
            core.setFaults(loadFaultConfig(faultsFile));
            log(`faults reloaded: ${faultsFile}`);
          } catch (error) {
            log(`faults reload failed, keeping the last good faults: ${(error as Error).message.split('\n')[0]}`);
          }
        })
      : undefined;

  let warmTimer: NodeJS.Timeout | undefined;
  return {
    server,
    handler,
    core,
    options: opts,
    get spec() {
      return core.spec;
    },
    reset: () => core.reset(),
    warm: async () => {
      const load = async () => {
        try {
          await loadPrism();
        } catch (error) {
          log(`mock error: cannot load Prism: ${(error as Error).message}`);
        }
      };
      // Every mode needs Prism only for Prefer code= and example= (dynamic answers come from the spec
      // module's generator): load it once start-up is over and the server is quiet, so the first
      // forced answer is quick without slowing ordinary ones. Loading takes the CPU for a second or
      // more; under steady traffic it waits, and a request that needs Prism loads it itself.
      const loadWhenQuiet = () => {
        const quietFor = performance.now() - lastRequestAt;
        if (quietFor >= QUIET_BEFORE_PRISM_MS) return void load();
        warmTimer = setTimeout(loadWhenQuiet, QUIET_BEFORE_PRISM_MS - quietFor);
        warmTimer.unref();
      };
      warmTimer = setTimeout(loadWhenQuiet, 1_500);
      warmTimer.unref();
    },
    reload,
    close: () => {
      recorder?.write();
      clearTimeout(warmTimer);
      watcher?.stop();
      stopFaults?.();
      core.close();
      if (!server.listening) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

/**
 * Reads a request's body from its stream, stopping at `limit` bytes (413). An aborted upload still
 * settles, so the handler finishes (its answer then goes nowhere).
 */
function nodeBody(req: IncomingMessage): BodyReader {
  return (limit) =>
    new Promise<Checked<Uint8Array>>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (result: Checked<Uint8Array>) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      req.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > limit) {
          settle(tooLarge(limit));
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => settle({ ok: true, value: Buffer.concat(chunks) }));
      req.on('error', () =>
        settle({ ok: false, error: mockError(400, 'invalid_body', 'request body could not be read') }),
      );
      req.on('close', () => settle({ ok: false, error: mockError(400, 'invalid_body', 'request body was cut short') }));
    });
}

/** The 431 for a request whose headers are over the limit. */
function headersTooLarge(): MockError {
  return mockError(431, 'invalid_header', 'Request headers are too large.');
}

/**
 * Whether the header fields surely fit {@link HEADER_FIELDS_LIMIT} without counting bytes: a UTF-16
 * unit is at most 3 UTF-8 bytes, so fields under a third of the limit in characters fit (every
 * ordinary request; counting was per-request work, issue 23).
 */
function headerFieldsWithin(raw: readonly string[]): boolean {
  let chars = 0;
  for (let i = 0; i < raw.length; i++) chars += raw[i]!.length + 2;
  return 3 * chars <= HEADER_FIELDS_LIMIT;
}

/** Bytes of a request's header fields as sent (`name: value` and CRLF each), without the request line. */
function headerFieldBytes(raw: readonly string[]): number {
  let bytes = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) bytes += Buffer.byteLength(raw[i]!) + Buffer.byteLength(raw[i + 1]!) + 4;
  return bytes;
}

/** How long the server must have had no request before Prism's modules load in the background. */
const QUIET_BEFORE_PRISM_MS = 300;

/** Answers on a raw socket (requests node does not hand to the request handler), in the spec's error shape, and closes it. */
function endWithError(core: MockCore, socket: Socket, reason: string, error: MockError): void {
  const { status, headers, body } = core.errorResponse(error);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // Date as node:http writes it on every other answer (RFC 9110 §6.6.1: an origin server with a clock sends it).
  socket.end(
    Buffer.concat([
      Buffer.from(
        `HTTP/1.1 ${status} ${reason}\r\nDate: ${new Date().toUTCString()}\r\n${head}Connection: close\r\n\r\n`,
      ),
      body,
    ]),
  );
}
