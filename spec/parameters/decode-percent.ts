/**
 * Percent-decodes URL text (RFC 3986 §2.1), or returns it as it is when it holds a malformed escape
 * (`%E0%A4%A`): a log line, a probe's description or a recorded URL must never throw on what a
 * client sent.
 */
export function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
