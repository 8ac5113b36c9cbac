import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Fault } from './fault.js';
import { parseFault } from './parse-fault.js';
import { isObject } from '../../spec/json/index.js';

/** One route's fault from the faults file. */
export interface FaultRule {
  /** The key as written: an operationId, `METHOD /path`, `/path` (every method) or `*` (every operation). */
  readonly key: string;
  readonly fault: Fault;
  /** Share of the route's requests that get the fault, from 0 to 1 (default 1: every one). */
  readonly probability: number;
}

/** The faults file, read and checked. */
export interface FaultConfig {
  readonly file: string;
  /** Seed of the random source for delay ranges and probabilities, when the file sets one. */
  readonly seed?: string;
  readonly rules: readonly FaultRule[];
}

/**
 * Reads the faults file (`--faults`, YAML or JSON):
 *
 * ```yaml
 * seed: 42                      # optional: delay ranges and probabilities repeat run after run
 * faults:
 *   "*": delay=50-300           # every operation
 *   getPet: status=503          # by operationId
 *   "POST /pets":               # by method and path, as the spec writes it (no base path)
 *     fault: reset
 *     probability: 0.2
 *   /pets/{petId}: drip=100ms   # every method of a path
 * ```
 *
 * @throws Error naming the file and the bad key.
 */
export function loadFaultConfig(file: string): FaultConfig {
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`faults file ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const fail = (key: string, message: string) => new Error(`faults file ${file}: ${key}: ${message}`);
  if (!isObject(raw)) throw fail('(top level)', 'must be a mapping with a "faults" mapping');
  for (const key of Object.keys(raw))
    if (key !== 'faults' && key !== 'seed') throw fail(key, 'unknown key; use "faults" and "seed"');
  const seed = raw.seed;
  if (seed !== undefined && typeof seed !== 'string' && typeof seed !== 'number')
    throw fail('seed', 'must be a string or a number');
  const faults = raw.faults ?? {};
  if (!isObject(faults)) throw fail('faults', 'must map routes to faults ("getPet": "status=503")');
  const rules: FaultRule[] = [];
  for (const [key, value] of Object.entries(faults)) {
    const where = `faults.${key}`;
    const entry = typeof value === 'string' ? { fault: value } : value;
    if (!isObject(entry) || typeof entry.fault !== 'string')
      throw fail(where, 'must be a fault ("delay=200-800") or {fault, probability}');
    for (const k of Object.keys(entry))
      if (k !== 'fault' && k !== 'probability')
        throw fail(`${where}.${k}`, 'unknown key; use "fault" and "probability"');
    const probability = entry.probability ?? 1;
    if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1))
      throw fail(`${where}.probability`, 'must be a number from 0 to 1');
    const parsed = parseFault(entry.fault, key);
    if (!parsed.ok) throw fail(where, parsed.message);
    rules.push({ key: normaliseKey(key), fault: parsed.fault, probability });
  }
  return { file, ...(seed !== undefined ? { seed: String(seed) } : {}), rules };
}

/** `post /pets` → `POST /pets`: methods match in any case. */
function normaliseKey(key: string): string {
  const m = /^([A-Za-z]+)\s+(\/.*)$/.exec(key.trim());
  return m ? `${m[1]!.toUpperCase()} ${m[2]}` : key.trim();
}
