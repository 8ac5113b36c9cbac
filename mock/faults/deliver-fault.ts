import type { ServerResponse } from 'node:http';
import { type CoreResponse, type Delivery, dripPieces } from '../core/index.js';
import { DRIP_CHUNKS } from './fault.js';

/**
 * Sends an answer the way a fault says, instead of whole, over a `node:http` response: a TCP reset,
 * a closed connection with no byte sent, or the body dripped in at most {@link DRIP_CHUNKS} pieces.
 * `signal` (shutdown) cuts a drip short.
 */
export function deliverFault(
  res: ServerResponse,
  response: CoreResponse,
  delivery: Delivery,
  signal: AbortSignal,
): void {
  const socket = res.socket;
  switch (delivery.kind) {
    case 'reset':
      // RST instead of FIN: what a crashed upstream or a dropped proxy looks like to the client.
      if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else res.destroy();
      return;
    case 'empty':
      if (socket) socket.destroy();
      else res.destroy();
      return;
    case 'drip':
      drip(res, response, delivery.intervalMs, signal);
  }
}

/** Headers (with the full Content-Length) at once, then the body in pieces, one every `intervalMs`. */
function drip(res: ServerResponse, response: CoreResponse, intervalMs: number, signal: AbortSignal): void {
  res.writeHead(response.status, response.headers);
  res.flushHeaders();
  const pieces = dripPieces(response.body, DRIP_CHUNKS);
  if (pieces.length === 0) {
    res.end();
    return;
  }
  let at = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (signal.aborted) {
      for (const piece of pieces.slice(at, -1)) res.write(piece);
      res.end(pieces[pieces.length - 1]);
      return;
    }
    const piece = pieces[at++]!;
    if (at >= pieces.length) res.end(piece);
    else {
      res.write(piece);
      setTimeout(next, intervalMs).unref();
    }
  };
  setTimeout(next, intervalMs).unref();
}
