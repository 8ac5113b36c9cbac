import { concat, indexOf, utf8 } from './bytes.js';

/** One part of a multipart/form-data body. */
export interface Part {
  readonly name: string;
  readonly filename?: string;
  /** The part's Content-Type header, if it had one. */
  readonly contentType?: string;
  readonly data: Uint8Array;
}

const CRLF = utf8('\r\n');

/** WHATWG's escaping of field names and filenames in Content-Disposition: `"` CR LF as %22 %0D %0A. */
function escapeName(name: string): string {
  return name.replace(/[\r\n"]/g, (c) => (c === '"' ? '%22' : c === '\r' ? '%0D' : '%0A'));
}

function unescapeName(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Serializes parts (RFC 7578). The caller picks a boundary that does not occur in any part. */
export function writeMultipart(parts: readonly Part[], boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${escapeName(part.filename)}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(utf8(`${head}\r\n`), part.data, CRLF);
  }
  chunks.push(utf8(`--${boundary}--\r\n`));
  return concat(chunks);
}

/** Reads a `key="quoted"` or `key=token` parameter from a header value. */
function headerParam(value: string, key: string): string | undefined {
  const re = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const m = re.exec(value);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
}

/**
 * Parses a multipart/form-data body (RFC 7578 / RFC 2046 §5.1.1). A small careful parser, because no
 * multipart library is a dependency of this project (busboy is absent; formidable is stream- and
 * file-oriented). Preamble and epilogue are ignored; each part needs a Content-Disposition of
 * `form-data` with a name.
 *
 * @returns the parts, or a message saying what is malformed
 */
export function readMultipart(
  body: Uint8Array,
  boundary: string,
): { ok: true; parts: Part[] } | { ok: false; message: string } {
  const dash = utf8(`--${boundary}`);
  const next = utf8(`\r\n--${boundary}`);
  const parts: Part[] = [];
  // The first delimiter may open the body or follow a preamble line.
  let at = body.length >= dash.length && indexOf(body, dash, 0) === 0 ? 0 : indexOf(body, next, 0) + 2;
  if (at < 0 || indexOf(body, dash, at) !== at) return { ok: false, message: 'multipart body has no opening boundary' };
  at += dash.length;
  for (let guard = 0; guard < 100_000; guard += 1) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return { ok: true, parts };
    // Transport padding (spaces/tabs) may follow a boundary before its CRLF.
    while (body[at] === 0x20 || body[at] === 0x09) at += 1;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a)
      return { ok: false, message: 'multipart boundary is not followed by CRLF' };
    at += 2;
    const headEnd = indexOf(body, utf8('\r\n\r\n'), at - 2);
    if (headEnd < 0) return { ok: false, message: 'multipart part has no end of headers' };
    const headText = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body.subarray(at, Math.max(at, headEnd)));
    const dataStart = headEnd + 4;
    const end = indexOf(body, next, headEnd + 2);
    if (end < 0) return { ok: false, message: 'multipart body is not terminated by its closing boundary' };
    const headers = new Map<string, string>();
    for (const line of headText.split('\r\n')) {
      if (line === '') continue;
      const colon = line.indexOf(':');
      if (colon <= 0)
        return { ok: false, message: `multipart part has a malformed header line ${JSON.stringify(line)}` };
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition');
    if (disposition === undefined || !/^form-data\s*(;|$)/i.test(disposition))
      return { ok: false, message: 'multipart part has no Content-Disposition: form-data' };
    const name = headerParam(disposition, 'name');
    if (name === undefined) return { ok: false, message: 'multipart part has no name' };
    const filename = headerParam(disposition, 'filename');
    const contentType = headers.get('content-type');
    parts.push({
      name: unescapeName(name),
      ...(filename !== undefined ? { filename: unescapeName(filename) } : {}),
      ...(contentType !== undefined ? { contentType } : {}),
      data: body.slice(Math.min(dataStart, end), end),
    });
    at = end + next.length;
  }
  return { ok: false, message: 'multipart body has too many parts' };
}
