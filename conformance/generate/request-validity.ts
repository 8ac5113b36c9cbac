import { encodeSegment } from '../../spec/json/index.js';
import { isLosslessNumber } from 'lossless-json';
import { checkParameterText, type OperationModel, type ParameterModel } from '../../spec/index.js';
import type { Case, WireJson } from '../cases/index.js';
import { integerFaults } from './exact-integers.js';
import { mergeAllOf } from './schema-arbitrary.js';
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

/** Whether a value holds an integer beyond ±(2^53−1): no ordinary valid value, a landmark of its own. */
export function holdsUnsafeInteger(value: WireJson | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (isLosslessNumber(value)) {
    const text = String(value);
    return /^-?\d+$/.test(text) && !Number.isSafeInteger(Number(text));
  }
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.some(holdsUnsafeInteger);
  if (typeof value === 'object') return Object.values(value as Record<string, WireJson>).some(holdsUnsafeInteger);
  return false;
}

/**
 * The first member of a case that holds an integer beyond ±(2^53−1) (in its JSON body, or as the
 * text of a path or query value), if one does.
 */
export function unsafeIntegerMember(c: Case): string | undefined {
  if (c.body?.kind === 'json' && holdsUnsafeInteger(c.body.value)) return '/body';
  const unsafe = (text: string) => /^-?\d+$/.test(text) && !Number.isSafeInteger(Number(text));
  const path = Object.entries(c.pathParams).find(([, v]) => unsafe(v));
  if (path) return `path ${path[0]}`;
  const query = c.query.find(([, v]) => unsafe(v));
  return query ? `query ${query[0]}` : undefined;
}
