/**
 * JSON Pointer (RFC 6901): the one place that spells and reads reference tokens, so that `~` and `/`
 * in member names (`/paths/~1pets~1{id}`) are escaped the same way by the spec loader, the mock, the
 * proxy and the kit. A library was not worth a dependency for these few lines.
 */

/** One reference token, escaped (RFC 6901 §3): `~` as `~0`, then `/` as `~1`. */
export function encodeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** One escaped reference token read back (RFC 6901 §4): `~1` to `/` first, then `~0` to `~`. */
export function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer of a list of unescaped segments: `''` (the whole document) for none. */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${encodeSegment(s)}`).join('');
}

/**
 * The unescaped segments of a pointer: `[]` for `''` (the whole document), `undefined` for text that
 * is not a pointer (does not start with `/`).
 */
export function segmentsOf(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(decodeSegment);
}

/**
 * The value a pointer designates in a document, or `undefined` when the pointer is not one or a
 * step leads nowhere (through a scalar or `null`, or to a missing member). Array items are reached
 * by their index, as members of the array.
 */
export function resolve(document: unknown, pointer: string): unknown {
  const segments = segmentsOf(pointer);
  if (segments === undefined) return undefined;
  let current = document;
  for (const key of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
