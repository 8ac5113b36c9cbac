/**
 * Tiny misbehaving targets on loopback for the kit's hardening tests (not part of the kit's API).
 * Each records what it received, so a test can say where the key went, and closes everything it opened.
 */
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  createServer as createHttpServer,
} from 'node:http';
import { type AddressInfo, type Server, type Socket, createServer as createNetServer } from 'node:net';

/** A target listening on 127.0.0.1. */
export interface HostileTarget {
  /** Base URL with the version prefix, as `--target` takes it. */
  readonly url: string;
  readonly port: number;
  /** Connections accepted. */
  readonly connections: () => number;
  /** Requests whose head was read (HTTP targets only). */
  readonly requests: readonly RecordedRequest[];
  /** Response body bytes written (streaming target). */
  readonly bytesSent: () => number;
  close(): Promise<void>;
}

/** What an HTTP target saw of one request. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

interface Tracked {
  readonly server: Server;
  readonly sockets: Set<Socket>;
  connections: number;
}

function track(server: Server): Tracked {
  const tracked: Tracked = { server, sockets: new Set(), connections: 0 };
  server.on('connection', (socket: Socket) => {
    tracked.connections++;
    tracked.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => tracked.sockets.delete(socket));
  });
  return tracked;
}

async function listen(
  tracked: Tracked,
  extra: { requests?: RecordedRequest[]; bytesSent?: () => number; onClose?: () => void } = {},
): Promise<HostileTarget> {
  await new Promise<void>((resolve, reject) => {
    tracked.server.once('error', reject);
    tracked.server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = tracked.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    connections: () => tracked.connections,
    requests: extra.requests ?? [],
    bytesSent: extra.bytesSent ?? (() => 0),
    close: () =>
      new Promise<void>((resolve) => {
        extra.onClose?.();
        for (const socket of tracked.sockets) socket.destroy();
        tracked.server.close(() => resolve());
      }),
  };
}

/** Accepts connections and reads requests, but never writes a byte. */
export function neverAnswers(): Promise<HostileTarget> {
  const tracked = track(createNetServer((socket) => socket.resume()));
  return listen(tracked);
}

/** Resets (TCP RST) every connection as soon as the request starts arriving. */
export function resetsConnections(): Promise<HostileTarget> {
  const tracked = track(createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy())));
  return listen(tracked);
}

/** An HTTP target whose answers are written by `respond`; every request head is recorded. */
function httpTarget(
  respond: (req: IncomingMessage, res: ServerResponse) => void,
  onClose?: () => void,
  bytesSent?: () => number,
): Promise<HostileTarget> {
  const requests: RecordedRequest[] = [];
  const server = createHttpServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.on('error', () => undefined);
    respond(req, res);
  });
  return listen(track(server), { requests, ...(onClose ? { onClose } : {}), ...(bytesSent ? { bytesSent } : {}) });
}

/** Answers 200 `application/json` and streams up to `totalBytes` of an endless JSON array, as fast as the client reads. */
export function streamsHugeBodies(totalBytes: number): Promise<HostileTarget> {
  let sent = 0;
  const piece = Buffer.from(`${'{"id":1,"name":"Rex","categoryId":1},'.repeat(28_000)}`);
  return httpTarget(
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[');
      let written = 0;
      const pump = () => {
        while (written < totalBytes && !res.destroyed) {
          written += piece.length;
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end('{}]');
      };
      pump();
    },
    undefined,
    () => sent,
  );
}

/**
 * Answers every request 200 `text/html`, echoing the request's headers (the key among them) into the
 * page and into a response header, as a misconfigured proxy's debug page would.
 */
export function answersHtml(): Promise<HostileTarget> {
  return httpTarget((req, res) => {
    const body = `<!doctype html><html><body><h1>Welcome</h1><pre>${JSON.stringify(req.headers)}</pre></body></html>`;
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'X-Echo-Authorization': req.headers.authorization ?? '',
    });
    res.end(body);
  });
}

/** Redirects every request to the same path on `elsewhere` (another host), carrying the key in the Location. */
export function redirectsTo(elsewhere: HostileTarget, status = 307): Promise<HostileTarget> {
  return httpTarget((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^\S+\s*/, '');
    res.writeHead(status, {
      Location: `http://127.0.0.1:${elsewhere.port}${req.url ?? '/'}${(req.url ?? '').includes('?') ? '&' : '?'}leaked=${encodeURIComponent(key)}`,
      'Content-Type': 'application/json',
    });
    res.end('{}');
  });
}

/** Answers a plain 200 `application/json` `{}` to anything: the "other host" that must never be reached. */
export function plainJson(): Promise<HostileTarget> {
  return httpTarget((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
}

/**
 * Drips a valid-looking HTTP answer a byte at a time, one every `intervalMs`: from the first byte of
 * the status line, or (`headersFirst`) after sending the head at once, so only the body drips.
 */
export function drips(options: { intervalMs: number; headersFirst?: boolean }): Promise<HostileTarget> {
  const timers = new Set<NodeJS.Timeout>();
  const body = `[${'{"id":1,"name":"Rex","categoryId":1},'.repeat(100)}{}]`;
  const head = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  const tracked = track(
    createNetServer((socket) => {
      socket.resume();
      const dripped = options.headersFirst ? body : head + body;
      socket.once('data', () => {
        if (options.headersFirst) socket.write(head);
        let at = 0;
        const timer = setInterval(() => {
          if (socket.destroyed || at >= dripped.length) {
            clearInterval(timer);
            timers.delete(timer);
            return;
          }
          socket.write(dripped[at++]!);
        }, options.intervalMs);
        timers.add(timer);
      });
    }),
  );
  return listen(tracked, {
    onClose: () => {
      for (const timer of timers) clearInterval(timer);
    },
  });
}
