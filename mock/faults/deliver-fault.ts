import type { ServerResponse } from 'node:http';
import { DRIP_CHUNKS, type FaultAction } from './fault.js';

/**
 * Sends an answer the way a fault says, instead of whole: a TCP reset, a closed connection with no
 * byte sent, a body no JSON parser accepts, or the body dripped in at most {@link DRIP_CHUNKS} pieces.
 * `headers` are the ones the answer would have had; `signal` (shutdown) cuts a drip short.
 */
export function deliverFault(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array,
  action: FaultAction,
  signal: AbortSignal,
): void {
  const socket = res.socket;
  switch (action.kind) {
    case 'reset':
      // RST instead of FIN: what a crashed upstream or a dropped proxy looks like to the client.
      if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else res.destroy();
      return;
    case 'empty':
      if (socket) socket.destroy();
      else res.destroy();
      return;
    case 'malformed': {
      // Half the real body, then a NUL and a stray brace: never JSON, whatever the body was.
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
      const text = Buffer.concat([bytes.subarray(0, Math.floor(bytes.length / 2)), Buffer.from('\u0000}{')]);
      const sent = status === 204 || status === 304 || status < 200 ? 200 : status;
      res.writeHead(sent, { ...headers, 'Content-Length': String(text.length) });
      res.end(text);
      return;
    }
    case 'drip':
      drip(
        res,
        status,
        headers,
        typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body),
        action.intervalMs,
        signal,
      );
      return;
    case 'status':
      // Answered as an ordinary Error answer before delivery; never reaches here.
      res.writeHead(status, headers);
      res.end(body);
  }
}

/** Headers (with the full Content-Length) at once, then the body in pieces, one every `intervalMs`. */
function drip(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  bytes: Buffer,
  intervalMs: number,
  signal: AbortSignal,
): void {
  res.writeHead(status, headers);
  res.flushHeaders();
  const pieces = Math.min(DRIP_CHUNKS, bytes.length);
  if (pieces === 0) {
    res.end();
    return;
  }
  const size = Math.ceil(bytes.length / pieces);
  let at = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (signal.aborted) {
      res.end(bytes.subarray(at));
      return;
    }
    const end = Math.min(bytes.length, at + size);
    const piece = bytes.subarray(at, end);
    at = end;
    if (at >= bytes.length) res.end(piece);
    else {
      res.write(piece);
      setTimeout(next, intervalMs).unref();
    }
  };
  setTimeout(next, intervalMs).unref();
}
