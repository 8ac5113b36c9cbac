import { isLosslessNumber } from 'lossless-json';
import { canonicalInteger } from './ids.js';

/** How two JSON numbers compare: the same digits, the same double, or different values. */
export type NumberMatch = 'exact' | 'same-double' | 'different';

/** Compares a number as sent (or requested) with the number that came back, without losing digits. */
export function compareNumbers(sent: unknown, received: unknown): NumberMatch {
  const a = numberText(sent);
  const b = numberText(received);
  if (a === undefined || b === undefined) return 'different';
  if (canonical(a) === canonical(b)) return 'exact';
  return Number(a) === Number(b) ? 'same-double' : 'different';
}

function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (isLosslessNumber(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
  return undefined;
}

/** Integer text without sign noise, leading zeros, fraction or exponent; other numbers as written. */
function canonical(text: string): string {
  return canonicalInteger(text) ?? text;
}
