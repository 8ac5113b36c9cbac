import { connect as netConnect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';

/** How long to wait, after the header block of a response, for bytes that follow it before closing. */
const TRAILING_WAIT_MS = 300;
/** Bytes read at most from one raw exchange. */
const MAX_READ_BYTES = 4 * 1024 * 1024;

/**
 * One bodiless request over a plain socket (HTTP/1.1, `Connection: close`), shaped like undici's
 * answer. The body stream holds every byte that followed the response's header block: for HEAD that
 * must be nothing (RFC 9110 §9.3.2), which no HTTP client shows, since they never read past it. 1xx
 * interim responses are skipped. Errors carry the codes `classify` knows (ECONNRESET, ...).
 */
export function requestRaw(
  url: string,
  method: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: Readable }> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const lines = [`${method} ${u.pathname}${u.search} HTTP/1.1`, `host: ${u.host}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers))
    if (name !== 'host' && name !== 'connection') lines.push(`${name}: ${value}`);
  const head = `${lines.join('\r\n')}\r\n\r\n`;
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
      if (parsed)
        resolve({
          statusCode: parsed.statusCode,
          headers: parsed.headers,
          body: Readable.from([buffer.subarray(parsed.rest)]),
        });
      else reject(error ?? Object.assign(new Error('the connection closed before a response'), { code: 'ECONNRESET' }));
    };
    const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort);
    socket.once(u.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(head, 'latin1'));
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
        idle = setTimeout(() => finish(), TRAILING_WAIT_MS);
      }
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(error));
  });
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
