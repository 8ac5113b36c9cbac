import { DRIP_CHUNKS, type Fault, type FaultAction, MAX_DRIP_INTERVAL_MS, MAX_FAULT_DELAY_MS } from './fault.js';

/** A parsed fault, or why the text is not one. */
export type FaultParse =
  | { readonly ok: true; readonly fault: Fault }
  | { readonly ok: false; readonly message: string };

/**
 * Reads a fault written as in the `X-Mock-Fault` header and the faults file: comma-separated parts,
 * at most one action. `delay=200` or `delay=200-800` (ms, a range is drawn from the seeded random
 * source), `status=503`, `reset`, `empty`, `malformed`, `drip=50ms` (`ms` is optional everywhere).
 */
export function parseFault(text: string, origin: string): FaultParse {
  let delay: Fault['delay'];
  let action: FaultAction | undefined;
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    const value = eq === -1 ? undefined : part.slice(eq + 1).trim();
    if (name === 'delay') {
      const range = /^(\d{1,5})(?:ms)?(?:\s*-\s*(\d{1,5})(?:ms)?)?$/i.exec(value ?? '');
      const minMs = Number(range?.[1]);
      const maxMs = range?.[2] === undefined ? minMs : Number(range[2]);
      if (!range || maxMs < minMs || maxMs > MAX_FAULT_DELAY_MS)
        return bad(
          `delay must be ms or a range of ms from 0 to ${MAX_FAULT_DELAY_MS} (delay=200, delay=200-800), got "${value ?? ''}"`,
        );
      delay = { minMs, maxMs };
      continue;
    }
    let next: FaultAction;
    if (name === 'status') {
      if (!/^[2-5]\d\d$/.test(value ?? ''))
        return bad(`status must be an HTTP status from 200 to 599, got "${value ?? ''}"`);
      next = { kind: 'status', status: Number(value) };
    } else if ((name === 'reset' || name === 'empty' || name === 'malformed') && value === undefined) {
      next = { kind: name };
    } else if (name === 'drip') {
      const ms = /^(\d{1,4})(?:ms)?$/i.exec(value ?? '');
      if (!ms || Number(ms[1]) > MAX_DRIP_INTERVAL_MS)
        return bad(
          `drip must be the pause between chunks in ms, up to ${MAX_DRIP_INTERVAL_MS} (drip=50ms; a body goes in at most ${DRIP_CHUNKS} chunks), got "${value ?? ''}"`,
        );
      next = { kind: 'drip', intervalMs: Number(ms[1]) };
    } else {
      return bad(
        `unknown fault "${part.slice(0, 40)}"; use delay=<ms>[-<ms>], status=<code>, reset, empty, malformed or drip=<ms>`,
      );
    }
    if (action) return bad(`one action per fault (${action.kind} and ${next.kind} were both asked)`);
    action = next;
  }
  if (!delay && !action) return bad('no fault named');
  return { ok: true, fault: { ...(delay ? { delay } : {}), ...(action ? { action } : {}), origin } };
}

function bad(message: string): FaultParse {
  return { ok: false, message };
}
