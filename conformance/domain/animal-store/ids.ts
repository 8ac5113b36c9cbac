import { isLosslessNumber } from 'lossless-json';

/**
 * An integer id as canonical decimal text, or undefined when the value is not an integer. JSON Schema
 * counts `1.0` and `1e3` as integers, so a server may write ids that way; paths and comparisons use
 * the canonical `1` and `1000`. Digits beyond 2^53 are kept (lossless-json numbers or text).
 */
export function integerText(value: unknown): string | undefined {
  if (isLosslessNumber(value) || typeof value === 'number') return canonicalInteger(String(value));
  return undefined;
}

/** JSON number text as canonical integer text (`1.0` → `1`), or undefined when it is not integral. */
export function canonicalInteger(text: string): string | undefined {
  if (/^-?\d+$/.test(text)) return BigInt(text).toString();
  // 1.0, 1.50e1, 2E3: integral when the exponent covers every fractional digit.
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  const digits = `${whole}${fraction}`;
  const point = whole!.length + exponent;
  if (point < 0 || Math.abs(exponent) > 400) return undefined;
  const integral = point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits.slice(0, point);
  const rest = point >= digits.length ? '' : digits.slice(point);
  if (/[^0]/.test(rest)) return undefined;
  return BigInt(`${sign}${integral || '0'}`).toString();
}

/** The integer ids of a Pet or of a list of Pets, as canonical exact text (see `integerText`). */
export function idsIn(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) =>
      item !== null && typeof item === 'object' ? integerText((item as Record<string, unknown>).id) : undefined,
    )
    .filter((id): id is string => id !== undefined);
}
