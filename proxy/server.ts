import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import type { ReceivedResponse } from '../conformance/cases/index.js';
import type { Finding, RequestRecord } from '../conformance/findings/index.js';
import { redact, redactText } from '../conformance/report/redact.js';
import { describeFinding } from '../conformance/report/describe-finding.js';
import { type OperationModel, type SpecModel, challengeOf, loadSpec, maskWriteOnly } from '../spec/index.js';
import { JSON_CONTENT_TYPE, errorAnswer } from '../mock/answer.js';
import { authRequestOf, presentedSecrets } from '../mock/auth.js';
import { createRequestLog, redactHeaders } from '../mock/admin/index.js';
import { type RequestHeaders, createCors, exposingAnswerHeaders, preflightMethods } from '../mock/cors.js';
import { mockError } from '../mock/errors.js';
import { type LogSink, redactTarget, requestLine, stdoutSink } from '../mock/log.js';
import { conformError } from '../mock/resources/conform-error.js';
import { createRouter } from '../mock/router.js';
import { isLoopback } from '../mock/options.js';
import { type MockServer, createMockServer } from '../mock/server.js';
import { type CoverageObservation, membersOf } from '../conformance/contract-coverage/index.js';
import { decodeContent } from './content-coding.js';
import { forwardWhole } from './forward.js';
import { type HarRecorder, type SeenExchange, createHarRecorder } from './har.js';
import { judgeResponse, liveExchange } from './judge-response.js';
import { capPayload } from './payload.js';
import { type ProxySession, createSession } from './session.js';
import { type RequestViolation, requestViolations } from './validate-request.js';

/** One exchange as it passed the proxy: what a recorder records, and who answered it. */
export interface PassedExchange extends SeenExchange {
  /** The upstream, the proxy itself (`--errors`, an unreachable upstream) or the mock (`--mock-missing`). */
  readonly answeredBy: 'upstream' | 'proxy' | 'mock';
}

/** Options of {@link startProxy}. */
export interface ProxyOptions {
  /** The OpenAPI file. */
  readonly spec: string;
  /** The upstream's base URL, carrying its own base path (`http://staging/v1`). */
  readonly upstream: string;
  /** TCP port, 0 for a free one. Default 4010. */
  readonly port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  readonly host?: string;
  /** Serve under this base path instead of the spec's (`/` for none). */
  readonly basePath?: string;
  /** Answer invalid requests with the spec's own error shape instead of forwarding them. */
  readonly errors?: boolean;
  /** Answer from the mock when the upstream answers 404 or 501 on a documented route. */
  readonly mockMissing?: boolean;
  /** Allowed browser origins, as the mock's `--cors-origin` (default any). */
  readonly corsOrigins?: readonly string[];
  /** No request lines (violations are still logged). */
  readonly quiet?: boolean;
  readonly log?: LogSink;
  /** Called after each exchange. */
  readonly onExchange?: (exchange: PassedExchange) => void;
  /** Record the exchanges as HAR 1.2 to this file, written on close and on `POST /__proxy/report`. */
  readonly record?: string;
  /** Keep credentials in the recording (`--record-secrets`). */
  readonly recordSecrets?: boolean;
  /** Called by `POST /__proxy/report`; answers with what it returns. */
  readonly onReport?: () => Promise<unknown>;
}

/** A listening proxy. */
export interface RunningProxy {
  /** The proxy's URL, with the base path it serves under. */
  readonly url: string;
  readonly server: Server;
  readonly spec: SpecModel;
  readonly session: ProxySession;
  /** The HAR recorder, when recording. */
  readonly recorder?: HarRecorder;
  close(): Promise<void>;
}

/**
 * A URL the upstream sent in a header (`Location`), as the client reaches it through the proxy: a path
 * under the upstream's base path, or an absolute URL at the upstream's origin and base, is moved
 * under the proxy's base path (at the proxy's own `host`, for an absolute one), as a reverse proxy
 * rewrites redirects; anything else (another host, a relative reference) is left as it is.
 */
export function throughProxy(value: string, upstream: URL, basePath: string, host: string | undefined): string {
  const upstreamBase = upstream.pathname.replace(/\/+$/, '');
  const under = (path: string) =>
    upstreamBase === '' || path === upstreamBase || path.startsWith(`${upstreamBase}/`)
      ? `${basePath}${path.slice(upstreamBase.length)}` || '/'
      : undefined;
  if (value.startsWith('/') && !value.startsWith('//')) {
    const end = value.search(/[?#]/);
    const moved = under(end === -1 ? value : value.slice(0, end));
    return moved === undefined ? value : `${moved}${end === -1 ? '' : value.slice(end)}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const moved = url.origin === upstream.origin ? under(url.pathname) : undefined;
  if (moved === undefined || host === undefined) return value;
  return `http://${host}${moved}${url.search}${url.hash}`;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);
const REQUESTS_PATH = '/__mock/requests';
const REPORT_PATH = '/__proxy/report';
/** Largest request body read for judging and forwarding. */
const MAX_BODY = 16 * 1024 * 1024;

/**
 * Starts the validating proxy: every request under the spec's base path is routed against the spec,
 * judged (parameters, body, credential, content type), forwarded to the upstream with undici, and
 * its answer judged with the kit's response checks before it goes back unchanged. Violations are
 * the kit's findings, logged one line each and kept in the session for the report.
 *
 * @throws the spec loader's `SpecLoadError`, or an Error for a bad upstream URL.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const log = options.log ?? stdoutSink;
  let upstream: URL;
  try {
    upstream = new URL(options.upstream);
  } catch {
    throw new Error(`upstream must be an absolute http(s) URL, got "${options.upstream}"`);
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new Error(`upstream must be an http(s) URL, got "${options.upstream}"`);
  const upstreamBase = `${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}`;
  const spec = await loadSpec(options.spec, options.basePath !== undefined ? { basePath: options.basePath } : {});
  const router = createRouter(spec);
  // As the mock's default: on a loopback host every origin is echoed back with credentials (an app's
  // `credentials: 'include'` fetch works behind the proxy as it does against the mock); `*` elsewhere.
  const cors = createCors(
    options.corsOrigins?.length ? options.corsOrigins : isLoopback(options.host ?? '127.0.0.1') ? 'any' : ['*'],
  );
  const session = createSession(spec, upstreamBase);
  const requestLog = createRequestLog();
  const schemes = [...spec.securitySchemes.values()];
  const recorder = options.record
    ? createHarRecorder(options.record, { schemes, keepSecrets: options.recordSecrets === true })
    : undefined;
  const dispatcher = new Agent({ connections: 256, keepAliveTimeout: 10_000, pipelining: 1 });
  let mock: MockServer | undefined;
  if (options.mockMissing) {
    mock = await createMockServer({
      spec: options.spec,
      ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
      watch: false,
      anyKey: true,
      admin: false,
      quiet: true,
      log: () => {},
    });
  }

  const secretsOf = (headers: RequestHeaders, search: string) =>
    presentedSecrets(authRequestOf(headers, search), schemes);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const t0 = performance.now();
    const startedAt = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const search = q === -1 ? '' : target.slice(q + 1);
    const secrets = secretsOf(req.headers, search);

    if (path === REQUESTS_PATH || path === REPORT_PATH) return admin(req, res, method, path);

    const origin = typeof req.headers.origin === 'string';
    if (method === 'OPTIONS' && origin && req.headers['access-control-request-method'] !== undefined) {
      const allow = router.allowedMethods(path);
      if (allow) {
        // The method asked is allowed too (see preflightMethods): the request then comes, and is judged.
        res.writeHead(204, cors.preflightHeadersFor(req, preflightMethods(req, allow)));
        res.end();
        return;
      }
    }

    const body = await readBody(req);
    const route = router.route(method, path);
    const operation = route.ok ? route.operation : undefined;
    const pathParams = route.ok ? route.pathParams : {};
    // The report's copy of the request (redacted, body capped) is made only for an exchange with findings.
    let kept: { record: RequestRecord; cut: Finding['cut'] } | undefined;
    const reported = () => {
      if (kept) return kept;
      const capped = capPayload(body);
      const record: RequestRecord = redact(
        {
          method,
          path:
            redactTarget(spec.basePath !== '' ? path.slice(spec.basePath.length) || '/' : path, secrets) +
            (search === '' ? '' : `?${redactTarget(`?${search}`, secrets).slice(1)}`),
          headers: redactHeaders(req.headers, secrets),
          ...(body.length > 0 ? { body: capped.text } : {}),
        },
        secrets,
      );
      kept = { record, cut: capped.cut ? { request: capped.cut } : undefined };
      return kept;
    };

    let found: Finding[] = [];
    if (!operation) {
      const unknownPath = redactTarget(path, secrets);
      session.unknown({
        code: 'unknown_route',
        severity: 'advisory',
        check: 'request',
        operationId: `${method} ${unknownPath}`,
        evidence: {
          method,
          path: unknownPath,
          reason: !route.ok && route.allow ? 'no-method' : 'no-path',
        },
        request: reported().record,
      });
      if (!options.quiet) log(`proxy: ${method} ${unknownPath}: unknown route, not in the spec (not judged)`);
    } else {
      found = requestViolations(spec, operation, { pathParams, search, headers: req.headers, body }).map((v) =>
        requestFinding(operation.operationId, v, reported().record, reported().cut),
      );
    }

    if (operation && found.length > 0 && options.errors) {
      const answer = conformError(spec, operation, errorAnswer(refusalOf(found, operation)));
      const bytes = Buffer.from(answer.json ?? '');
      const headers = { 'Content-Type': JSON_CONTENT_TYPE, ...answer.headers, ...cors.headersFor(req) };
      res.writeHead(answer.status, headers);
      res.end(bytes);
      finish(operation.operationId, answer.status, found, 'proxy', headers, bytes);
      return;
    }

    const upstreamPath =
      spec.basePath !== '' && path.startsWith(spec.basePath) ? path.slice(spec.basePath.length) : path;
    const url = `${upstreamBase}${upstreamPath}${q === -1 ? '' : `?${search}`}`;
    const forward: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) forward[name] = value;
    let status: number;
    let headers: Record<string, string | string[]>;
    let answer: Uint8Array;
    try {
      const upstreamAnswer = await forwardWhole(dispatcher, { url: new URL(url), method, headers: forward, body });
      status = upstreamAnswer.status;
      headers = {};
      for (const [name, value] of Object.entries(upstreamAnswer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      // A Location the upstream gives names its own base path (and origin): the app reaches it here.
      for (const name of ['location', 'content-location']) {
        const value = headers[name];
        if (typeof value === 'string') headers[name] = throughProxy(value, upstream, spec.basePath, req.headers.host);
      }
      answer = upstreamAnswer.body;
      if (upstreamAnswer.headers['content-length'] !== undefined) headers['content-length'] = String(answer.length);
    } catch (error) {
      const message = `upstream ${upstream.origin} did not answer: ${(error as Error).message}`;
      log(`proxy: ${method} ${redactTarget(target, secrets)}: ${message}`);
      // In the spec's error shape (a problem+json spec gets a problem), as the mock's own errors are.
      const failed = conformError(spec, operation, errorAnswer(mockError(502, 'bad_gateway', message)));
      const bytes = Buffer.from(failed.json ?? '');
      const sent = { 'Content-Type': JSON_CONTENT_TYPE, ...failed.headers, ...cors.headersFor(req) };
      res.writeHead(502, sent);
      res.end(bytes);
      finish(operation?.operationId, 502, found, 'proxy', sent, bytes);
      return;
    }

    if (mock && operation && (status === 404 || status === 501)) {
      const mocked = await mock.core.handle({ method, url: target, headers: req.headers, body });
      res.writeHead(mocked.status, mocked.headers);
      res.end(mocked.body);
      if (!options.quiet) log(`proxy: ${operation.operationId}: the upstream answered ${status}; served from the mock`);
      finish(operation.operationId, mocked.status, found, 'mock', mocked.headers, mocked.body);
      return;
    }

    const corsHeaders = headers['access-control-allow-origin'] === undefined ? cors.headersFor(req) : {};
    // The proxy's own CORS headers expose what the upstream sent (`Location`, `X-Total-Count`) too.
    res.writeHead(status, exposingAnswerHeaders({ ...headers, ...corsHeaders }));
    res.end(answer);

    const ms = performance.now() - t0;
    if (operation) {
      const received = receivedResponse(status, headers, answer, ms, t0);
      // The checks read the method and path; the findings carry the redacted record.
      const sent: RequestRecord = { method, path: target, headers: {} };
      const judged = judgeResponse(operation, liveExchange(operation, pathParams, sent, received), {
        requestInvalid: found.length > 0,
      }).map((f) => {
        const { record, cut: requestCut } = reported();
        const responseCut = capPayload(answer).cut;
        const cut = { ...requestCut, ...(responseCut ? { response: responseCut } : {}) };
        return redact({ ...f, request: record, ...(Object.keys(cut).length > 0 ? { cut } : {}) }, secrets);
      });
      found = [...found, ...judged];
    }
    finish(operation?.operationId, status, found, 'upstream', headers, answer);

    function finish(
      operationId: string | undefined,
      sentStatus: number,
      findings: readonly Finding[],
      answeredBy: PassedExchange['answeredBy'],
      sentHeaders: Readonly<Record<string, string | string[]>>,
      sentBody: Uint8Array,
    ): void {
      const took = performance.now() - t0;
      session.forwarded();
      if (operationId !== undefined && operation) {
        session.judged(operationId, findings, took);
        session.observe(liveObservation(operation, pathParams, search, req.headers, body, sentStatus, sentHeaders));
      }
      const lines = findings.map((f) => redactText(`${f.operationId}: ${describeFinding(f)}`, secrets));
      if (!options.quiet) log(requestLine(method, redactTarget(target, secrets), sentStatus, took));
      for (const line of lines) log(`  violation: ${line}`);
      requestLog.record({
        time: startedAt,
        method,
        target,
        headers: req.headers,
        operationId,
        status: sentStatus,
        ms: took,
        fault: undefined,
        body: body.length > 0 ? LENIENT_UTF8.decode(body) : undefined,
        ...(lines.length > 0 ? { violations: lines } : {}),
      });
      // Built only for someone who reads it: the proxy's hot path allocates per exchange otherwise.
      if (!recorder && !options.onExchange) return;
      const passed: PassedExchange = {
        startedAt,
        method,
        url: `http://${req.headers.host ?? 'localhost'}${target}`,
        requestHeaders: req.headers,
        requestBody: body,
        status: sentStatus,
        responseHeaders: sentHeaders,
        responseBody: sentBody,
        ms: took,
        answeredBy,
        ...(operation?.requestBody ? { requestSchema: operation.requestBody.schema.schema } : {}),
      };
      recorder?.add(passed);
      options.onExchange?.(passed);
    }
  }

  async function admin(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
    await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': JSON_CONTENT_TYPE, ...cors.headersFor(req) });
      res.end(JSON.stringify(value));
    };
    if (path === REQUESTS_PATH && method === 'GET')
      return json(200, {
        requests: requestLog.list(
          (r) => secretsOf(r.headers, r.target.split('?')[1] ?? ''),
          (r, listedBody) =>
            r.operationId === undefined
              ? listedBody
              : maskWriteOnly(spec.operation(r.operationId)?.requestBody?.schema.schema, listedBody),
        ),
      });
    if (path === REQUESTS_PATH && method === 'DELETE') {
      requestLog.clear();
      return json(200, { cleared: true });
    }
    if (path === REPORT_PATH && method === 'POST') {
      recorder?.write();
      const written = options.onReport ? await options.onReport() : undefined;
      const report = session.report();
      return json(200, { verdict: report.verdict, findings: report.findings.length, written });
    }
    return json(405, { code: 'method_not_allowed', message: `${method} is not served at ${path}.`, status: 405 });
  }

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    handle(req, res).catch((error: Error) => {
      log(`proxy error: ${error.message}`);
      if (!res.headersSent) {
        const failed = conformError(
          spec,
          undefined,
          errorAnswer(mockError(502, 'bad_gateway', 'The proxy could not forward this request.')),
        );
        res.writeHead(502, { 'Content-Type': JSON_CONTENT_TYPE, ...failed.headers });
        res.end(failed.json ?? '');
      } else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${spec.basePath}`,
    server,
    spec,
    session,
    ...(recorder ? { recorder } : {}),
    async close() {
      recorder?.write();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await mock?.close();
      await dispatcher.close();
    },
  };
}

/** The refusal `--errors` answers with: 401 for a missing credential, 415 for a media type, else 400. */
function refusalOf(findings: readonly Finding[], operation: OperationModel) {
  const first = findings[0]!;
  const message = describeFinding(first);
  const places = findings.map((f) => (f.code === 'request_violation' ? f.evidence.place : ''));
  if (places.includes('credential')) {
    const challenge = challengeOf(operation.security);
    return mockError(401, 'unauthorized', message, challenge ? { 'WWW-Authenticate': challenge } : undefined);
  }
  if (places.includes('content-type')) return mockError(415, 'unsupported_media_type', message);
  return mockError(400, places.includes('body') ? 'invalid_body' : 'invalid_parameter', message);
}

function requestFinding(
  operationId: string,
  violation: RequestViolation,
  request: RequestRecord,
  cut: Finding['cut'],
): Finding {
  return {
    code: 'request_violation',
    severity: 'failure',
    check: 'request',
    operationId,
    evidence: violation.evidence,
    basis: { kind: 'spec', pointer: violation.basis, says: violation.evidence.wanted },
    request,
    ...(cut ? { cut } : {}),
  };
}

// One-shot decodes (no `stream`) keep no state between calls, so one decoder of each serves every exchange.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
const LENIENT_UTF8 = new TextDecoder();

/** The upstream's answer as the kit's checks read it: headers flat, the body decoded and parsed. */
function receivedResponse(
  status: number,
  headers: Readonly<Record<string, string | string[]>>,
  body: Uint8Array,
  ms: number,
  sentAt: number,
): ReceivedResponse {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  const bytes = decodeContent(body, flat['content-encoding']);
  let notUtf8 = false;
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    notUtf8 = true;
    text = LENIENT_UTF8.decode(bytes);
  }
  // As the kit's client reads answers: JSON whatever the label says (the label is the content-type check's).
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return {
    status,
    headers: flat,
    bodyText: text,
    ...(notUtf8 ? { notUtf8: true as const } : {}),
    ...(json !== undefined ? { json } : {}),
    durationMs: ms,
    sentAt,
  };
}

function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new Error(`request body over ${MAX_BODY} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What a live exchange exercised of its operation: the parameters and body members sent, and the answer. */
function liveObservation(
  operation: OperationModel,
  pathParams: Readonly<Record<string, string>>,
  search: string,
  headers: RequestHeaders,
  body: Uint8Array,
  status: number,
  answerHeaders: Readonly<Record<string, string | string[]>>,
): CoverageObservation {
  const parameters = new Set<string>();
  for (const name of Object.keys(pathParams)) parameters.add(`path:${name}`);
  const query = new URLSearchParams(search);
  for (const name of query.keys()) parameters.add(`query:${name.replace(/\[.*$/, '')}`);
  const cookies = typeof headers.cookie === 'string' ? headers.cookie : '';
  for (const p of operation.parameters) {
    if (p.in === 'header' && headers[p.name.toLowerCase()] !== undefined)
      parameters.add(`header:${p.name.toLowerCase()}`);
    if (p.in === 'cookie' && new RegExp(`(?:^|;\\s*)${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=`).test(cookies))
      parameters.add(`cookie:${p.name}`);
    // An exploded form object sends its members as their own names.
    if (p.in === 'query' && p.explode && p.schema.schema.type === 'object') {
      const props = Object.keys((p.schema.schema.properties as Record<string, unknown> | undefined) ?? {});
      if (props.some((m) => query.has(m))) parameters.add(`query:${p.name}`);
    }
  }
  let parsed: unknown;
  if (body.length > 0) {
    try {
      parsed = JSON.parse(LENIENT_UTF8.decode(body));
    } catch {
      parsed = undefined;
    }
  }
  const contentType = answerHeaders['content-type'] ?? answerHeaders['Content-Type'];
  return {
    operationId: operation.operationId,
    status,
    ...(contentType !== undefined ? { contentType: Array.isArray(contentType) ? contentType[0]! : contentType } : {}),
    parameters,
    members: membersOf(parsed),
  };
}
