/**
 * Small readings of request headers and targets, and edits of answer headers, that several stages
 * of the core share.
 * @module
 */
import type { Answer } from '../answer.js';
import type { HeaderRecord } from '../cors.js';
import type { MockError } from '../errors.js';

/** A header's value as one string (a repeated header joined with `, `). */
export function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether `headers` has `lower` in any spelling. */
export function hasHeader(headers: HeaderRecord, lower: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

/** `headers` with `name` set to `value`, in place of any spelling of it (`location`, `LOCATION`). */
export function replacingHeader(headers: HeaderRecord | undefined, name: string, value: string): HeaderRecord {
  const lower = name.toLowerCase();
  const out: HeaderRecord = {};
  for (const [key, v] of Object.entries(headers ?? {})) if (key.toLowerCase() !== lower) out[key] = v;
  out[name] = value;
  return out;
}

/** Adds the operation's headers (deprecation facts) to an answer. */
export function withHeaders(answer: Answer, extra: HeaderRecord): Answer {
  if (Object.keys(extra).length === 0) return answer;
  return { ...answer, headers: { ...extra, ...answer.headers } };
}

/** A request target split into its path and its query (without `?`); absolute and asterisk forms too. */
export function splitTarget(target: string): [string, string] {
  let path = target;
  if (!path.startsWith('/')) {
    // Absolute-form (proxy-style) or asterisk-form targets.
    try {
      const url = new URL(target, 'http://mock.invalid');
      path = url.pathname + url.search;
    } catch {
      return ['/', ''];
    }
  }
  const q = path.indexOf('?');
  return q === -1 ? [path, ''] : [path.slice(0, q), path.slice(q + 1)];
}

/**
 * A Prefer error as the log names it: by its rule, not the value, which is the client's own text (a
 * credential pasted into the wrong header lands there too, and must not reach the log).
 */
export function preferError(error: MockError): MockError {
  if (error.code === 'invalid_prefer') return { ...error, rule: 'Prefer header: malformed value' };
  if (error.code === 'prefer_not_documented')
    return { ...error, rule: 'Prefer header: a status or example the operation does not document' };
  return error;
}
