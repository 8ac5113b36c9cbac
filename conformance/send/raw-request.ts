import { connect as netConnect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';

/** How long to wait, after the header block of a response, for bytes that follow it before closing. */
const TRAILING_WAIT_MS = 300;
/** Bytes read at most from one raw exchange. */
const MAX_READ_BYTES = 4 * 1024 * 1024;

/**
 * One request over a plain socket (HTTP/1.1, `Connection: close`), shaped like undici's answer. For
 * HEAD the body stream holds every byte that followed the response's header block: that must be
 * nothing (RFC 9110 §9.3.2), which no HTTP client shows, since they never read past it. For other
 * methods it holds the content as framed (Content-Length, chunked, or up to the close). A body goes
 * out as the exact bytes given (bytes that are no UTF-8 included), with its Content-Length. 1xx
 * interim responses are skipped. Errors carry the codes `classify` knows (ECONNRESET, ...).
 */
export function requestRaw(
  url: string,
  method: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  body?: Buffer,
): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: Readable }> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  // The target goes as it is: pathname and search would drop a literal "#" and all after it
  // (`/#Action=CreateQueue?...`, a path some specs document), as requestWithNodeHttp keeps it.
  const path = url.slice(u.origin.length) || '/';
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${u.host}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers))
    if (name !== 'host' && name !== 'connection' && name !== 'content-length') lines.push(`${name}: ${value}`);
  // Without a body, a Content-Length the caller set (`0`) goes as given; none means no content at all.
  if (body !== undefined) lines.push(`content-length: ${body.length}`);
  else if (headers['content-length'] !== undefined) lines.push(`content-length: ${headers['content-length']}`);
  const head = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);
  return new Promise((resolve, reject) => {
    const socket: Socket =
      u.protocol === 'https:'
        ? tlsConnect({ host: u.hostname, port, servername: u.hostname })
        : netConnect(port, u.hostname);
    let buffer = Buffer.alloc(0);
    let parsed:
      | { statusCode: number; headers: Record<string, string | string[] | undefined>; rest: number }
      | undefined;
    let idle: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (parsed) {
        const after = buffer.subarray(parsed.rest);
        resolve({
          statusCode: parsed.statusCode,
          headers: parsed.headers,
          body: Readable.from([method === 'HEAD' ? after : (framed(after, parsed.headers)?.content ?? after)]),
        });
      } else
        reject(error ?? Object.assign(new Error('the connection closed before a response'), { code: 'ECONNRESET' }));
    };
    const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort);
    socket.once(u.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(head));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      // A target that streams without end: what was read is enough to judge (the client cuts it off).
      if (buffer.length > MAX_READ_BYTES) return finish();
      if (!parsed) {
        try {
          parsed = parseHead(buffer);
        } catch (error) {
          finish(error as Error);
          return;
        }
      }
      if (parsed) {
        clearTimeout(idle);
        // Content framed by length or chunks is complete once read: no wait for the close.
        if (method !== 'HEAD' && framed(buffer.subarray(parsed.rest), parsed.headers)?.complete) return finish();
        idle = setTimeout(() => finish(), TRAILING_WAIT_MS);
      }
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(error));
  });
}

/**
 * The content of a response as its framing says (RFC 9112 §6): the Content-Length's bytes, or the
 * chunks decoded; undefined when neither frames it (read up to the close). `complete` once it all came.
 */
function framed(
  after: Buffer,
  headers: Record<string, string | string[] | undefined>,
): { content: Buffer; complete: boolean } | undefined {
  const te = String(headers['transfer-encoding'] ?? '').toLowerCase();
  if (/(^|,)\s*chunked\s*$/.test(te)) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = after.indexOf('\r\n', at, 'latin1');
      if (eol === -1) return { content: Buffer.concat(parts), complete: false };
      const size = Number.parseInt(after.subarray(at, eol).toString('latin1').split(';')[0]!.trim(), 16);
      if (Number.isNaN(size)) return { content: Buffer.concat(parts), complete: false };
      if (size === 0) return { content: Buffer.concat(parts), complete: true };
      if (after.length < eol + 2 + size) {
        parts.push(after.subarray(eol + 2));
        return { content: Buffer.concat(parts), complete: false };
      }
      parts.push(after.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
  }
  const length = headers['content-length'];
  if (typeof length === 'string' && /^\d+$/.test(length.trim())) {
    const n = Number(length.trim());
    return { content: after.subarray(0, n), complete: after.length >= n };
  }
  return undefined;
}

/** The first final response's status and headers, and where its header block ends; undefined until complete. */
function parseHead(
  buffer: Buffer,
): { statusCode: number; headers: Record<string, string | string[] | undefined>; rest: number } | undefined {
  let start = 0;
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n', start, 'latin1');
    if (end === -1) return undefined;
    const [statusLine = '', ...fields] = buffer.subarray(start, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/\d\.\d (\d{3})/.exec(statusLine);
    if (!m)
      throw Object.assign(new Error(`not an HTTP status line: ${JSON.stringify(statusLine.slice(0, 80))}`), {
        code: 'HPE_INVALID_CONSTANT',
      });
    const statusCode = Number(m[1]);
    if (statusCode >= 100 && statusCode < 200) {
      start = end + 4;
      continue;
    }
    const headers: Record<string, string | string[] | undefined> = {};
    for (const field of fields) {
      const colon = field.indexOf(':');
      if (colon <= 0) continue;
      const name = field.slice(0, colon).trim().toLowerCase();
      const value = field.slice(colon + 1).trim();
      const existing = headers[name];
      headers[name] =
        existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    return { statusCode, headers, rest: end + 4 };
  }
}
