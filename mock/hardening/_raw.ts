/** Raw HTTP over a socket, for hostile-input tests (not part of the mock's API). */
import { connect } from 'node:net';

/** An answer read off a socket the server closed. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Everything received, for messages. */
  readonly text: string;
}

/** Writes `data` to a fresh connection and resolves with what came back once the server closes it. */
export function rawExchange(port: number, data: string | Buffer, options: { end?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer was written still counts: the answer is what matters.
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('utf8'))));
    socket.write(data);
    if (options.end) socket.end();
  });
}

/** A raw request: request line, headers (Host and `Connection: close` added), optional body. */
export function rawRequest(
  method: string,
  target: string,
  headers: Readonly<Record<string, string>> = {},
  body?: string | Buffer,
): Buffer {
  const all: Record<string, string> = { Host: '127.0.0.1', Connection: 'close', ...headers };
  if (body !== undefined && !('Content-Length' in all) && !('Transfer-Encoding' in all))
    all['Content-Length'] = String(Buffer.byteLength(body));
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0)),
  ]);
}

/** Parses the first HTTP/1.1 answer in `text` (status 0 when there is none). */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!match || end === -1) return { status: 0, headers: {}, body: '', text };
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = text.slice(end + 4);
  return { status: Number(match[1]), headers, body: Number.isFinite(length) ? rest.slice(0, length) : rest, text };
}
