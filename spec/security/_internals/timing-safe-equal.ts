/**
 * Node's crypto, found at run time (`process.getBuiltinModule`), so that code bundled for the
 * browser imports no Node built-in; undefined where there is no Node.
 */
export const nodeCrypto = globalThis.process?.getBuiltinModule?.('node:crypto');

/**
 * Whether two equal-length byte arrays are equal, in constant time: Node's `crypto.timingSafeEqual`
 * where it exists, else a comparison of every byte with no early exit (the browser).
 */
export const timingSafeEqual: (a: Uint8Array, b: Uint8Array) => boolean =
  nodeCrypto?.timingSafeEqual ??
  ((a, b) => {
    if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
    return diff === 0;
  });
