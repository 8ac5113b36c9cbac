/** Where the mock writes its log lines (one call per line, without the newline). */
export type LogSink = (line: string) => void;

/** Writes lines to standard output. */
export const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

/** Query parameters whose values are never logged, whatever they hold. */
const SECRET_NAME = /key|token|auth|secret|pass|sig|cred/i;
const REDACTED = '[redacted]';
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
        return eq !== -1 && SECRET_NAME.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
      })
      .join('&');
  }
  let out = query === '' ? path : `${path}?${query}`;
  for (const secret of secrets) {
    if (secret === '') continue;
    // Keys may arrive percent-encoded as well as raw.
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join(REDACTED);
  }
  path = out.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return path.length > MAX_TARGET ? `${path.slice(0, MAX_TARGET)}…` : path;
}

/** One request log line: `GET /v1/pets?limit=5 200 1.3ms`. */
export function requestLine(method: string, target: string, status: number, ms: number): string {
  return `${method} ${target} ${status} ${ms.toFixed(1)}ms`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
