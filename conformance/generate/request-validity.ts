import { encodeSegment } from '../../spec/json/index.js';
import { isLosslessNumber } from 'lossless-json';
import { checkParameterText, type OperationModel, type ParameterModel, mergeAllOf } from '../../spec/index.js';
import type { Case, WireJson } from '../cases/index.js';
import { integerFaults } from './exact-integers.js';
import { isCredential } from './valid-case.js';
import { toPlainJson } from './wire.js';

/** Why a request the kit was about to send as valid is not: the member, and what the spec's validator said. */
export interface ValidityFault {
  /** `/body/name`, `query limit`, `path petId`, `header X-Trace`. */
  readonly member: string;
  readonly why: string;
}

const SCALAR = new Set(['string', 'integer', 'number', 'boolean']);

/** Whether a parameter holds one scalar value (the only ones read here from their raw text). */
function scalar(parameter: ParameterModel): boolean {
  const type = mergeAllOf(parameter.schema.schema).type;
  return typeof type === 'string' && SCALAR.has(type);
}

/** The raw text of a parameter in a case, if the case carries it once. */
function rawOf(c: Case, parameter: ParameterModel): { readonly present: boolean; readonly text?: string } {
  if (parameter.in === 'path') {
    const text = c.pathParams[parameter.name];
    return text === undefined ? { present: false } : { present: true, text };
  }
  if (parameter.in === 'query') {
    const values = c.query.filter(([k]) => k === parameter.name).map(([, v]) => v);
    return values.length === 0
      ? { present: false }
      : values.length === 1
        ? { present: true, text: values[0]! }
        : { present: true };
  }
  if (parameter.in === 'header') {
    const name = parameter.name.toLowerCase();
    const key = Object.keys(c.headers ?? {}).find((k) => k.toLowerCase() === name);
    return key === undefined ? { present: false } : { present: true, text: c.headers![key]! };
  }
  return { present: true };
}

/**
 * What the spec's own request validators say of a case the kit is about to send as valid: its JSON
 * body against the request body schema (integers judged exactly), and each parameter it carries
 * against its schema (required ones present). Empty when the request is valid. Requests that spell
 * their path or query by hand (`rawPath`, `rawQuery`, `queryText`, a literal path) are spelling
 * probes, judged by their own sweeps; credentials are the auth cases'.
 */
export function validityFaults(c: Case, operation: OperationModel): ValidityFault[] {
  const faults: ValidityFault[] = [];
  const body = operation.requestBody;
  if (c.body?.kind === 'json' && body) {
    const plain = toPlainJson(c.body.value);
    const result = body.schema.validate(plain);
    if (!result.ok) {
      // A member the schema forbids is the member to blame, not the object that holds it.
      body.schema.ajv(plain);
      for (const e of body.schema.ajv.errors ?? []) {
        const extra = (e.params as { additionalProperty?: string; unevaluatedProperty?: string } | undefined) ?? {};
        const name = extra.additionalProperty ?? extra.unevaluatedProperty;
        if (name !== undefined)
          faults.push({
            member: `/body${e.instancePath}/${encodeSegment(name)}`,
            why: `${e.keyword}: a member the schema does not allow`,
          });
      }
      for (const issue of result.errors.slice(0, 3))
        if (!/^(?:additional|unevaluated)Properties$/.test(issue.keyword))
          faults.push({ member: `/body${issue.pointer}`, why: `${issue.keyword}: ${issue.message}` });
    }
    for (const why of integerFaults(c.body.value, body.schema.schema, '/body'))
      faults.push({ member: why.split(' ')[0]!, why });
  }
  const spelled = c.rawPath !== undefined || c.rawQuery !== undefined || c.queryText !== undefined || c.literalPath;
  if (spelled) return faults;
  for (const parameter of operation.parameters) {
    // OpenAPI ignores header parameters named Accept, Content-Type and Authorization (3.1 §4.8.12.1).
    if (parameter.in === 'cookie' || isCredential(operation, parameter)) continue;
    if (parameter.in === 'header' && /^(?:accept|content-type|authorization)$/i.test(parameter.name)) continue;
    // A path parameter its template does not hold goes nowhere in the request (the gate decides
    // whether such a request is the one the spec describes: see gateValid).
    if (parameter.in === 'path' && !operation.path.includes(`{${parameter.name}}`)) continue;
    const member = `${parameter.in} ${parameter.name}`;
    const raw = rawOf(c, parameter);
    if (!raw.present) {
      if (parameter.required) faults.push({ member, why: 'a required parameter is missing' });
      continue;
    }
    if (raw.text === undefined || !scalar(parameter)) continue;
    // The spec's own reading of the parameter: its text as its type, then its schema.
    const parsed = checkParameterText(parameter, raw.text);
    if (!parsed.ok) faults.push({ member, why: parsed.issues[0]?.message ?? 'refused by its schema' });
  }
  return faults;
}

/** A JSON number, as RFC 8259 §6 writes one (no leading `+`, no bare `.5`). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Whether the text of a number (a JSON literal, a parameter's or form field's text) has a magnitude
 * beyond 2^53−1: `9007199254740992`, `1e+21`, `-1.5e300`. RFC 8259 §6 lets a parser limit the range
 * and precision of numbers and names the doubles' safe integers as the interoperable ones, so such a
 * value is no ordinary valid value whatever its schema type (`integer` or `number`).
 */
export function isUnsafeNumberText(text: string): boolean {
  return JSON_NUMBER.test(text) && Math.abs(Number(text)) > Number.MAX_SAFE_INTEGER;
}

/** Whether a value holds a number beyond ±(2^53−1): no ordinary valid value, a landmark of its own. */
export function holdsUnsafeInteger(value: WireJson | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (isLosslessNumber(value)) return isUnsafeNumberText(String(value));
  if (typeof value === 'number') return Math.abs(value) > Number.MAX_SAFE_INTEGER;
  if (Array.isArray(value)) return value.some(holdsUnsafeInteger);
  if (typeof value === 'object') return Object.values(value as Record<string, WireJson>).some(holdsUnsafeInteger);
  return false;
}

/** The values of a form or multipart body, as text: what a form parser hands the server's validator. */
function formFieldValues(body: Extract<Case['body'], { kind: 'raw' }>): [string, string][] {
  const type = body.contentType ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type))
    return [...new URLSearchParams(body.text.replaceAll('+', '%20'))];
  if (/^multipart\/form-data\b/i.test(type))
    return [...body.text.matchAll(/name="([^"]*)"(?:[^\r]*)\r\n(?:[^\r\n]+\r\n)*\r\n([^\r]*)\r\n/g)].map(
      (m) => [m[1]!, m[2]!] as [string, string],
    );
  return [];
}

/**
 * The first member of a case that holds a number beyond ±(2^53−1) (in its JSON body, as the text of
 * a form field, or as the text of a path or query value), if one does.
 */
export function unsafeIntegerMember(c: Case): string | undefined {
  if (c.body?.kind === 'json' && holdsUnsafeInteger(c.body.value)) return '/body';
  if (c.body?.kind === 'raw') {
    const field = formFieldValues(c.body).find(([, v]) => isUnsafeNumberText(v));
    if (field) return `form field ${field[0]}`;
  }
  const path = Object.entries(c.pathParams).find(([, v]) => isUnsafeNumberText(v));
  if (path) return `path ${path[0]}`;
  const query = c.query.find(([, v]) => isUnsafeNumberText(v));
  return query ? `query ${query[0]}` : undefined;
}
