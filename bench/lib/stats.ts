/** Small statistics helpers. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function max(values: readonly number[]): number {
  return values.length === 0 ? NaN : Math.max(...values);
}

export function min(values: readonly number[]): number {
  return values.length === 0 ? NaN : Math.min(...values);
}

/** Rounds to `digits` decimals (NaN stays NaN). */
export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
