import type { Case, Exchange, WireJson } from '../cases/index.js';
import type { Execution } from '../domain/rules.js';
import type { Boundary, Finding } from '../findings/index.js';
import { isObject } from '../../spec/json/index.js';
import { hasLoneSurrogate } from '../generate/lone-surrogates.js';

/** Control characters (NUL included), which servers refuse or choke on whatever the length. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** One number a case could have otherwise: a string member's length, an integer member or query value. */
export interface Dimension {
  /** What it is, for the message: `/body/name`, `query limit`. */
  readonly label: string;
  /** The unit after a number (`UTF-16 units`), or none for plain values. */
  readonly unit: string;
  readonly value: bigint;
  /** The case with this dimension at `n`, or undefined where `n` is outside what it can take. */
  at(n: bigint): Case | undefined;
  /**
   * Cases with other values of the same size (each letter and digit moved along), for a dimension
   * that is the size of a value: none where no such value differs.
   */
  sameSizeOthers?(): Case[];
}

/** Each letter and digit moved `step` along its alphabet, round at the end (`Rex1` by 1 → `Sfy2`): the same length and shape. */
function movedAlong(text: string, step: number): string {
  return text.replace(/[a-z]|[A-Z]|[0-9]/g, (ch) => {
    const [first, size] = /[a-z]/.test(ch) ? [97, 26] : /[A-Z]/.test(ch) ? [65, 26] : [48, 10];
    return String.fromCharCode(first + ((ch.charCodeAt(0) - first + step) % size));
  });
}

/** Probes allowed per explanation: a walk down and up per number tried, then bisections of both ends. */
const MAX_PROBES = 96;

/** The dimensions of a case: lengths of its string members, its integer members and its integer query values. */
export function dimensionsOf(c: Case): Dimension[] {
  const out: Dimension[] = [];
  const body = c.body?.kind === 'json' && isObject(c.body.value) ? c.body.value : undefined;
  for (const [k, v] of Object.entries(body ?? {})) {
    const withMember = (value: WireJson): Case => ({ ...c, body: { kind: 'json', value: { ...body, [k]: value } } });
    // Text holding a lone surrogate or a control character is judged by that character, not by its
    // length: a cut drops it, and the boundary would blame the length (held-out set 93: "fails at
    // 2000 units" where the 2000th was a lone surrogate; a plain 2000-unit e-mail was taken).
    if (typeof v === 'string' && v.length >= 1 && !hasLoneSurrogate(v) && !CONTROL.test(v)) {
      // Shorter: the text cut; longer: the text repeated. Units, as JSON Schema counts them... in
      // code points a surrogate pair would be cut in two, so a cut never ends inside one.
      out.push({
        label: `/body/${k}`,
        unit: 'UTF-16 units',
        value: BigInt(v.length),
        at: (n) => {
          const len = Number(n);
          if (len < 0 || len > 20_000) return undefined;
          const text = v.repeat(Math.ceil(len / v.length) || 1).slice(0, len);
          return /[\ud800-\udbff]$/.test(text) ? undefined : withMember(text);
        },
        sameSizeOthers: () =>
          [movedAlong(v, 1), movedAlong(v, 13)].filter((other) => other !== v).map((other) => withMember(other)),
      });
    } else if (typeof v === 'number' && Number.isSafeInteger(v)) {
      out.push({
        label: `/body/${k}`,
        unit: '',
        value: BigInt(v),
        at: (n) =>
          n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
            ? withMember(Number(n))
            : undefined,
      });
    }
  }
  for (const [i, [k, v]] of c.query.entries()) {
    if (!/^-?\d{1,15}$/.test(v)) continue;
    out.push({
      label: `query ${k}`,
      unit: '',
      value: BigInt(v),
      at: (n) => ({ ...c, query: c.query.map((pair, j) => (j === i ? [k, n.toString()] : pair)) }),
    });
  }
  return out;
}

/**
 * Explains a failure that depends on one number of its case: for each dimension, values toward zero
 * (÷2, ÷16, ÷1024) and away from it (×2, ×16, ×1024) are tried; when one passes, the failure depends
 * on that number, and bisection finds where it starts and ends, said in the finding: "Boundary: fails for
 * /body/name of 50 to 70 UTF-16 units; 49 and 71 pass." Probes are sent and judged like any request
 * (at most {@link MAX_PROBES}); a failure is "the same" when its code and check match.
 */
export async function explainBoundary(
  send: (c: Case) => Promise<Exchange>,
  judge: (e: Exchange) => Finding[],
  execution: Execution,
  findings: readonly Finding[],
  /** Whether a probe is still a valid request: one outside the schema is refused for that, which says nothing of the boundary. */
  valid: (c: Case) => boolean = () => true,
): Promise<Finding[]> {
  const target = findings.find((f) => f.severity === 'failure');
  const last = execution.exchanges.at(-1);
  if (!target || !last || execution.exchanges.length !== 1) return [...findings];
  let probes = 0;
  /** True: fails the same way; false: passes; undefined: the dimension cannot take that value. */
  const failsAt = async (d: Dimension, n: bigint): Promise<boolean | undefined> => {
    const c = d.at(n) ?? d.at(n + 1n);
    if (!c || !valid(c)) return undefined;
    probes++;
    const e = await send(c);
    // An answer that says nothing of the input (rate limited, unavailable, none) neither fails nor passes.
    if (e.failure || e.response?.status === 429 || e.response?.status === 503) return undefined;
    return judge(e).some((f) => f.severity === 'failure' && f.code === target.code && f.check === target.check);
  };
  /** Bisects between a failing and a passing value; returns the last failing and the first passing one. */
  const bisect = async (d: Dimension, failing: bigint, passing: bigint): Promise<[bigint, bigint]> => {
    while ((passing > failing ? passing - failing : failing - passing) > 1n && probes < MAX_PROBES) {
      const mid = failing + (passing - failing) / 2n;
      const result = await failsAt(d, mid);
      if (result === undefined) break;
      if (result) failing = mid;
      else passing = mid;
    }
    return [failing, passing];
  };
  for (const d of dimensionsOf(last.case)) {
    if (probes + 2 > MAX_PROBES) break;
    if (d.value === 0n) continue;
    // Toward zero and away from it, by growing factors, until the failure goes (or it never does).
    const walk = async (
      factors: readonly bigint[],
      scale: (f: bigint) => bigint,
    ): Promise<{ failing: bigint; passing?: bigint; tried: bigint }> => {
      let failing = d.value;
      let tried = d.value;
      for (const f of factors) {
        const n = scale(f);
        if (n === tried) continue;
        const result = await failsAt(d, n);
        if (result === undefined) break;
        tried = n;
        if (!result) return { failing, passing: n, tried };
        failing = n;
      }
      return { failing, tried };
    };
    const near = await walk([2n, 16n, 1024n], (f) => d.value / f);
    if (near.passing === undefined && probes >= MAX_PROBES) break;
    const far = await walk([2n, 16n, 1024n], (f) => d.value * f);
    if (near.passing === undefined && far.passing === undefined) continue;
    // The failure depends on this number. Ends toward zero and away from it, as far as probes allow.
    const [nearFail, nearPass] =
      near.passing !== undefined ? await bisect(d, near.failing, near.passing) : [near.failing, undefined];
    const [farFail, farPass] =
      far.passing !== undefined ? await bisect(d, far.failing, far.passing) : [far.failing, undefined];
    // A failure that goes away with another value of the same size depends on the value, not its size (a
    // 500 for an e-mail the target already holds, held-out set 37): no size boundary explains it.
    let sizeExplains = true;
    for (const other of d.sameSizeOthers?.() ?? []) {
      if (!valid(other) || probes >= MAX_PROBES) continue;
      probes++;
      const e = await send(other);
      const answered = !e.failure && e.response?.status !== 429 && e.response?.status !== 503;
      if (
        answered &&
        !judge(e).some((f) => f.severity === 'failure' && f.code === target.code && f.check === target.check)
      )
        sizeExplains = false;
    }
    if (!sizeExplains) continue;
    const [low, lowPass, high, highPass] =
      d.value > 0n ? [nearFail, nearPass, farFail, farPass] : [farFail, farPass, nearFail, nearPass];
    const exact = (a: bigint, b: bigint | undefined) => b !== undefined && (a > b ? a - b : b - a) === 1n;
    const range: Boundary['range'] =
      lowPass !== undefined && highPass !== undefined
        ? {
            shape: 'between',
            low: String(low),
            high: String(high),
            lowPass: String(lowPass),
            highPass: String(highPass),
            exact: exact(low, lowPass) && exact(high, highPass),
          }
        : lowPass !== undefined
          ? {
              shape: 'at-least',
              low: String(low),
              lowPass: String(lowPass),
              tried: String((d.value > 0n ? far : near).tried),
              exact: exact(low, lowPass),
            }
          : {
              shape: 'at-most',
              high: String(high),
              highPass: String(highPass),
              tried: String((d.value > 0n ? near : far).tried),
              exact: exact(high, highPass),
            };
    const boundary: Boundary = { label: d.label, ...(d.unit ? { unit: d.unit } : {}), range };
    return findings.map((f) => (f === target ? { ...f, context: { ...f.context, boundary } } : f));
  }
  return [...findings];
}
