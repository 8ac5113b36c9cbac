import { isLosslessNumber } from 'lossless-json';
import type { Exchange } from '../cases/index.js';

// Its own module: the HTTP sweeps and the Allow sweep both read created ids, and the Allow sweep is
// one of the HTTP sweeps; here neither imports the other for it.

/** The id of a created resource as the target wrote it (digit for digit, past 2^53 too): its member named like the path parameter, or `id`. */
export function idOf(created: Exchange, param: string): string | undefined {
  const body = created.response?.exactJson;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[param] ?? (body as Record<string, unknown>).id;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || isLosslessNumber(value)) return String(value);
  return undefined;
}
