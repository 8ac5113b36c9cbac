const TAIL = new TextEncoder().encode('\u0000}{');

/** Half the real body, then a NUL and a stray brace: never JSON, whatever the body was. */
export function malformedBody(body: Uint8Array): Uint8Array {
  const half = Math.floor(body.length / 2);
  const out = new Uint8Array(half + TAIL.length);
  out.set(body.subarray(0, half));
  out.set(TAIL, half);
  return out;
}
