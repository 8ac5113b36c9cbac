import { LosslessNumber, parse as parseLossless } from 'lossless-json';
import { mediaTypeMatches } from '../../spec/media/index.js';
import type { Case, WireJson } from './case.js';

/**
 * The JSON value a case's body carries: the generated value, or the value of a body written out
 * byte by byte in a JSON media type (`{"title":"\uD83D\uDC22"}`, a number spelled `1E2`), parsed
 * as a JSON reader would (integers beyond a double's precision kept exact). Undefined for no body,
 * a form or other media type, or text that is not one JSON value (malformed, or naming a member
 * twice, which RFC 8259 leaves to the reader).
 */
export function sentJson(c: Case): WireJson | undefined {
  const body = c.body;
  if (body === undefined) return undefined;
  if (body.kind === 'json') return body.value;
  if (body.bytes || !mediaTypeMatches('application/*+json', body.contentType ?? 'application/json')) return undefined;
  try {
    return parseLossless(body.text, undefined, wireNumber) as WireJson;
  } catch {
    return undefined;
  }
}

/** A number as the generator writes one: a plain number, or a LosslessNumber where a double would change it. */
function wireNumber(text: string): number | LosslessNumber {
  const value = Number(text);
  return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))
    ? value
    : new LosslessNumber(text);
}
