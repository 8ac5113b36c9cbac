import { LosslessNumber } from 'lossless-json';

/**
 * A JSON value as the generator builds it. Integers outside the safe range are `LosslessNumber`s so
 * that they reach the wire exactly (`9223372036854775807`, not `9223372036854775808`).
 */
export type WireJson = null | boolean | number | string | LosslessNumber | WireJson[] | { [key: string]: WireJson };

/** An integer as it goes on the wire: a plain number when exact as a double, else a LosslessNumber. */
export function wireInteger(value: bigint): number | LosslessNumber {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : new LosslessNumber(value.toString());
}
