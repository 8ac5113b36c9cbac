import { EVIDENCE_BODY_CHARS, type RequestRecord } from '../findings/index.js';
import { redactText } from './redact.js';
import { posixEscapedWord, printfEscaped, rewritableIn } from './_internals/rewritable.js';
import { quoteWithApiKey, shellWord, singleQuote } from './_internals/shell.js';

/** Options of {@link renderCurl}. */
export interface CurlOptions {
  /** Secrets to replace by `$API_KEY` should one have slipped into the request. */
  readonly secrets?: readonly string[];
  /** `curl -s` (the body alone, for a shell variable) instead of `curl -i`. */
  readonly silent?: boolean;
}

// Headers curl computes itself; passing the recorded ones could only make the command wrong.
// A recorded `Transfer-Encoding: chunked` stays: with it, curl sends the body chunked too.
const COMPUTED_HEADERS = new Set(['host', 'content-length', 'connection']);

/**
 * Renders a request as a runnable curl command. The key is never written: each `$API_KEY` in a header
 * stays a shell variable, so the header reads `"Authorization: Bearer $API_KEY"`. The body is sent
 * byte for byte with `--data-raw`, and a request without `Content-Type` keeps curl from adding one.
 * Where the URL, a header or the body holds characters a terminal or a copy-paste rewrites (control
 * characters, a tab, NUL, CR, no-break, zero-width or bidi characters, a lone surrogate, trailing
 * spaces, text not in NFC), a comment line says which and where, and those words are written in
 * printable ASCII only: `$'...'` with `\xHH` escapes, the body from `printf` into `--data-binary @-`.
 */
export function renderCurl(request: RequestRecord, targetBaseUrl: string, options: CurlOptions = {}): string {
  const secrets = options.secrets ?? [];
  const url = joinUrl(targetBaseUrl, request.path);
  const method = request.method.toUpperCase();
  const body = request.body;
  const head: string[] = ['curl', options.silent === true ? '-s' : '-i'];
  if (/[[\]{}]/.test(url)) head.push('--globoff');
  if (method === 'HEAD' && body === undefined) head.push('--head');
  else if (method !== 'GET' || body !== undefined) head.push('-X', shellWord(method));
  const notes: string[] = [];
  /** The word for `text`: escaped when it holds what a terminal rewrites, noted under `where`. */
  const word = (text: string, where: string): string => {
    const found = rewritableIn(text);
    if (found.length === 0) return quoteWithApiKey(text);
    notes.push(`${found.join(', ')} in ${where}`);
    return quoteWithApiKey(text, posixEscapedWord);
  };
  // A URL carries the key only when the case put it in the query (an auth variant): then it expands.
  head.push(word(redactText(url, secrets), 'the URL'));

  const args: string[] = [head.join(' ')];
  let hasContentType = false;
  for (const [name, value] of Object.entries(request.headers)) {
    if (COMPUTED_HEADERS.has(name.toLowerCase())) continue;
    if (name.toLowerCase() === 'content-type') hasContentType = true;
    // `Name:` with nothing after it would remove the header; `Name;` sends it empty.
    const header = value === '' ? `${name};` : `${name}: ${value}`;
    args.push(`-H ${word(redactText(header, secrets), `the ${name} header`)}`);
  }

  let prefix = '';
  if (body !== undefined) {
    if (!hasContentType) args.push(`-H 'Content-Type:'`);
    const text = redactText(body, secrets);
    const found = rewritableIn(text);
    if (found.length > 0) {
      notes.push(`${found.join(', ')} in the body`);
      prefix = `printf ${printfEscaped(text)} | `;
      args.push('--data-binary @-');
    } else {
      args.push(`--data-raw ${singleQuote(text)}`);
    }
  }
  const command = prefix + args.join(' \\\n  ');
  const cut = request.bodyCut
    ? `# Cut: the body sent was ${request.bodyCut.bytes.toLocaleString('en-US')} bytes (sha256 ${request.bodyCut.sha256}); this report keeps its first ${EVIDENCE_BODY_CHARS.toLocaleString('en-US')} characters, which the command sends: the replay command sends the whole body.\n`
    : '';
  return cut + (notes.length === 0 ? command : `${escapedNote(notes)}\n${command}`);
}

/** The comment above a command whose words are escaped, naming what a terminal would have rewritten. */
export function escapedNote(notes: readonly string[]): string {
  return `# Escaped: a terminal or a copy-paste rewrites ${notes.join('; ')}; the escapes below send the exact bytes.`;
}

/** Joins a base URL and a path that starts with `/`, without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
