import { decodePercent } from '../spec/parameters/index.js';

/** Where the mock writes its log lines (one call per line, without the newline). */
export type LogSink = (line: string) => void;

/** Writes lines to standard output. */
export const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

/** Query parameters whose values are never logged, whatever they hold. */
const SECRET_NAME = /key|token|auth|secret|pass|sig|cred/i;
const REDACTED = '[redacted]';
const UTF8 = new TextEncoder();
const MAX_TARGET = 200;

/**
 * The loggable form of a request target: the path and query, with the values of secret-looking query
 * parameters and every occurrence of a key (configured, or the one presented) replaced, control
 * characters escaped, and long targets cut.
 */
export function redactTarget(target: string, secrets: readonly string[]): string {
  const q = target.indexOf('?');
  let path = q === -1 ? target : target.slice(0, q);
  let query = q === -1 ? '' : target.slice(q + 1);
  if (query !== '') {
    query = query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = eq === -1 ? pair : pair.slice(0, eq);
        return eq !== -1 && SECRET_NAME.test(decodePercent(name)) ? `${name}=${REDACTED}` : pair;
      })
      .join('&');
  }
  // Keys may arrive raw, percent-encoded, or in any mix of the two (lower-case hex, every byte escaped).
  const out = redactSpellings(query === '' ? path : `${path}?${query}`, secrets);
  path = out.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return path.length > MAX_TARGET ? `${path.slice(0, MAX_TARGET)}…` : path;
}

/** One request log line: `GET /v1/pets?limit=5 200 1.3ms`. */
export function requestLine(method: string, target: string, status: number, ms: number): string {
  return `${method} ${target} ${status} ${ms.toFixed(1)}ms`;
}

/** Replaces every run of `text` that spells a secret, byte for byte, whether its bytes are raw or `%XX`. */
function redactSpellings(text: string, secrets: readonly string[]): string {
  const bytes: number[] = [];
  // For each decoded byte, the span of `text` that spells it.
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length; ) {
    if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      starts.push(i);
      ends.push(i + 3);
      i += 3;
      continue;
    }
    const code = text.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(code);
    for (const byte of code < 0x80 ? [code] : UTF8.encode(char)) {
      bytes.push(byte);
      starts.push(i);
      ends.push(i + char.length);
    }
    i += char.length;
  }
  const decoded = Uint8Array.from(bytes);
  const hidden = new Array<boolean>(text.length).fill(false);
  for (const secret of secrets) {
    const needle = UTF8.encode(secret);
    if (needle.length === 0) continue;
    for (let at = bytesIndexOf(decoded, needle, 0); at !== -1; at = bytesIndexOf(decoded, needle, at + needle.length)) {
      hidden.fill(true, starts[at], ends[at + needle.length - 1]);
    }
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (!hidden[i]) out += text[i];
    else if (i === 0 || !hidden[i - 1]) out += REDACTED;
  }
  return out;
}

/** Index of `needle` (not empty) in `hay` at or after `from`, or -1. */
function bytesIndexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const last = hay.length - needle.length;
  for (let at = hay.indexOf(needle[0]!, from); at !== -1 && at <= last; at = hay.indexOf(needle[0]!, at + 1)) {
    let i = 1;
    while (i < needle.length && hay[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}
