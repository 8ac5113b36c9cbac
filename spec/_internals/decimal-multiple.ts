/**
 * Whether `value` is a multiple of `divisor` as decimal numbers, the way JSON Schema defines
 * `multipleOf` (2020-12 §6.2.1: the value divided by it is an integer). Each number is read as the
 * shortest decimal that JavaScript writes for it (`String(40.59)` is `"40.59"`), the text a JSON
 * document carries, and compared as scaled integers: no floating-point division, whose rounding
 * makes 40.59 / 0.01 come out as 4059.0000000000005.
 */
export function isDecimalMultiple(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  const a = decimalOf(value);
  const b = decimalOf(divisor);
  const scale = Math.max(a.scale, b.scale);
  const scaled = (d: { digits: bigint; scale: number }) => d.digits * 10n ** BigInt(scale - d.scale);
  return scaled(a) % scaled(b) === 0n;
}

/** A finite number as `digits × 10^-scale`, from its shortest decimal text (`1.5e-7`, `40.59`). */
function decimalOf(n: number): { digits: bigint; scale: number } {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(n))!;
  const fraction = m[3] ?? '';
  let digits = `${m[2]}${fraction}`;
  let scale = fraction.length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { digits: BigInt(`${m[1]}${digits}`), scale };
}
