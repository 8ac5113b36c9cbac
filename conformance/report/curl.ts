import type { RequestRecord } from '../findings/index.js';
import { redactText } from './redact.js';
import { CONTROL_CHARS, printfFormat, quoteWithApiKey, shellWord, singleQuote } from './_internals/shell.js';

/** Options of {@link renderCurl}. */
export interface CurlOptions {
  /** Secrets to replace by `$API_KEY` should one have slipped into the request. */
  readonly secrets?: readonly string[];
  /** Joins the arguments with ` \` and a newline (the default) or puts them on one line. */
  readonly multiline?: boolean;
}

// Headers curl computes itself; passing the recorded ones could only make the command wrong.
// A recorded `Transfer-Encoding: chunked` stays: with it, curl sends the body chunked too.
const COMPUTED_HEADERS = new Set(['host', 'content-length', 'connection']);

/**
 * Renders a request as a runnable curl command. The key is never written: each `$API_KEY` in a header
 * stays a shell variable, so the header reads `"Authorization: Bearer $API_KEY"`. The body is sent
 * byte for byte with `--data-raw` (or from `printf` when it holds control characters, which a
 * shell word cannot carry or a terminal should not show raw), and a request without
 * `Content-Type` keeps curl from adding one.
 */
export function renderCurl(request: RequestRecord, targetBaseUrl: string, options: CurlOptions = {}): string {
  const secrets = options.secrets ?? [];
  const url = joinUrl(targetBaseUrl, request.path);
  const method = request.method.toUpperCase();
  const body = request.body;
  const head: string[] = ['curl', '-i'];
  if (/[[\]{}]/.test(url)) head.push('--globoff');
  if (method === 'HEAD' && body === undefined) head.push('--head');
  else if (method !== 'GET' || body !== undefined) head.push('-X', shellWord(method));
  // A URL carries the key only when the case put it in the query (an auth variant): then it expands.
  head.push(quoteWithApiKey(redactText(url, secrets)));

  const args: string[] = [head.join(' ')];
  let hasContentType = false;
  for (const [name, value] of Object.entries(request.headers)) {
    if (COMPUTED_HEADERS.has(name.toLowerCase())) continue;
    if (name.toLowerCase() === 'content-type') hasContentType = true;
    // `Name:` with nothing after it would remove the header; `Name;` sends it empty.
    const header = value === '' ? `${name};` : `${name}: ${value}`;
    args.push(`-H ${quoteWithApiKey(redactText(header, secrets))}`);
  }

  let prefix = '';
  if (body !== undefined) {
    if (!hasContentType) args.push(`-H 'Content-Type:'`);
    const text = redactText(body, secrets);
    if (CONTROL_CHARS.test(text)) {
      prefix = `printf ${printfFormat(text)} | `;
      args.push('--data-binary @-');
    } else {
      args.push(`--data-raw ${singleQuote(text)}`);
    }
  }
  return prefix + args.join(options.multiline === false ? ' ' : ' \\\n  ');
}

/** Joins a base URL and a path that starts with `/`, without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
