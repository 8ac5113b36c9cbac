import type { MediaType } from '../media-type.js';
import { parseMediaType } from '../parse-media-type.js';

const JSON_TYPE = parseMediaType('application/json')!;
const OCTETS = parseMediaType('application/octet-stream')!;
const TEXT = parseMediaType('text/plain')!;

/**
 * A concrete media type inside a declared range, for a value about to be sent: bytes go as
 * `application/octet-stream` under `*\/*` and `application/*`, anything else as `application/json`;
 * `text/*` becomes `text/plain`; `type/*+json` becomes `application/json` (which such a range admits);
 * other `type/*` ranges have no registered generic subtype, so `type/octet-stream` is used.
 */
export function concrete(m: MediaType, value: unknown): MediaType {
  if (m.type === '*' || (m.type === 'application' && m.subtype === '*'))
    return value instanceof Uint8Array ? OCTETS : JSON_TYPE;
  if (m.subtype.startsWith('*+')) return m.subtype === '*+json' ? JSON_TYPE : parseMediaType(`${m.type}/octet-stream`)!;
  if (m.subtype === '*') return m.type === 'text' ? TEXT : parseMediaType(`${m.type}/octet-stream`)!;
  return m;
}
