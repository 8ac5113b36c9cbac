/**
 * Independent judges of generated cases for the generator tests: they look at the request as it
 * goes on the wire (built with `buildRequest`), not at how the case was made. Test-only.
 */
import type { ErrorObject } from 'ajv';
import type { Case } from '../cases/index.js';
import { buildRequest, type BuiltRequest } from '../send/build-request.js';
import { checkParameterText, type OperationModel } from '../../spec/index.js';
import { LosslessNumber, parse as parseLossless } from 'lossless-json';
import type { WireJson } from '../cases/index.js';
import { integerFaults } from './exact-integers.js';

export const TEST_KEY = 'test-key-Abc123';

/** Integers of a JSON text outside their schema's range, read exactly; none for text lossless-json refuses (duplicate members). */
function exactIntegerFaults(text: string, schema: Record<string, unknown>): string[] {
  try {
    return integerFaults(
      parseLossless(text, undefined, (t) => (/^-?\d+$/.test(t) ? new LosslessNumber(t) : Number(t))) as WireJson,
      schema,
    );
  } catch {
    return [];
  }
}

export function wire(testCase: Case, operation: OperationModel): BuiltRequest {
  return buildRequest(testCase, operation, TEST_KEY);
}

/** Path and query parameters read back from the built path, percent-decoded. */
export function parametersOnWire(
  built: BuiltRequest,
  operation: OperationModel,
): { path: Record<string, string>; query: [string, string][] } {
  const [pathPart, search = ''] = built.path.split('?') as [string, string?];
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(
    `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]*)')}$`,
  );
  const match = pattern.exec(pathPart);
  if (!match) throw new Error(`${built.path} does not match ${operation.path}`);
  const path = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
  const query =
    search === '' ? [] : search.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
  return { path, query };
}

function lastValue(query: readonly [string, string][], name: string): string | undefined {
  return [...query].reverse().find(([k]) => k === name)?.[1];
}

/** Every parameter on the wire is valid, except the one named `except` (`query.limit`). Returns the problems. */
export function parameterProblems(built: BuiltRequest, operation: OperationModel, except?: string): string[] {
  const { path, query } = parametersOnWire(built, operation);
  const problems: string[] = [];
  for (const parameter of operation.parameters) {
    if (`${parameter.in}.${parameter.name}` === except) continue;
    const text =
      parameter.in === 'path'
        ? path[parameter.name]
        : parameter.in === 'query'
          ? lastValue(query, parameter.name)
          : undefined;
    if (text === undefined) {
      if (parameter.required) problems.push(`${parameter.name} missing`);
      continue;
    }
    if (
      !checkParameterText(parameter, text).ok ||
      (/^-?\d+$/.test(text) && integerFaults(new LosslessNumber(text), parameter.schema.schema).length > 0)
    )
      problems.push(`${parameter.name}=${JSON.stringify(text)} is invalid`);
  }
  return problems;
}

function isJsonType(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}

/** Why a request is not valid for the operation, read from the wire only; empty when it is valid. */
export function wireProblems(testCase: Case, operation: OperationModel): string[] {
  const built = wire(testCase, operation);
  const problems = parameterProblems(built, operation);
  if (built.method !== operation.method.toUpperCase()) problems.push(`method ${built.method}`);
  if (!operation.requestBody) {
    if (built.body !== undefined) problems.push('a body where none is documented');
    return problems;
  }
  if (built.body === undefined) return [...problems, 'no body'];
  if (!isJsonType(built.headers['content-type'])) problems.push(`content-type ${built.headers['content-type']}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(built.body);
  } catch {
    return [...problems, `body does not parse: ${built.body.slice(0, 80)}`];
  }
  const validate = operation.requestBody.schema.ajv;
  if (!validate(parsed)) problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
  problems.push(
    ...exactIntegerFaults(built.body, operation.requestBody.schema.schema).map(
      (p) => `${p} is outside its integer range`,
    ),
  );
  return problems;
}

/** True when ajv's errors hold one at `pointer` (or below it), or the `required` error naming it. */
function errorAt(errors: readonly ErrorObject[], pointer: string, keyword: string): boolean {
  return errors.some((e) => {
    if (keyword === 'required' && e.keyword === 'required')
      return `${e.instancePath}/${String((e.params as { missingProperty?: string }).missingProperty)}` === pointer;
    if (e.keyword === 'additionalProperties')
      return (
        `${e.instancePath}/${String((e.params as { additionalProperty?: string }).additionalProperty)}` === pointer
      );
    return e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`);
  });
}

/**
 * Why an invalid case is NOT invalid the way its label says, read from the wire only; empty when
 * the labelled fault is really there and everything else in the request is valid.
 */
export function labelProblems(testCase: Case, operation: OperationModel): string[] {
  const reason = testCase.invalid;
  if (!reason) return ['no invalid reason'];
  const built = wire(testCase, operation);
  const problems = parameterProblems(built, operation, reason.location === 'body' ? undefined : reason.location);
  if (reason.layer === 'syntax') {
    if (reason.keyword === 'required') return built.body === undefined ? problems : [...problems, 'a body was sent'];
    if (reason.keyword === 'content-type')
      return !/^application\/(.+\+)?json\b/i.test(built.headers['content-type'] ?? '')
        ? problems
        : [...problems, `content-type ${built.headers['content-type']}`];
    try {
      JSON.parse(built.body ?? '');
      return [...problems, `body parses: ${built.body}`];
    } catch {
      return problems;
    }
  }
  if (reason.location === 'body') {
    if (built.body === undefined) return [...problems, 'no body'];
    const validate = operation.requestBody!.schema.ajv;
    // Integers judged exactly too: one past int64 is 2^63 as a double, which ajv takes.
    const exact = exactIntegerFaults(built.body, operation.requestBody!.schema.schema);
    if (exact.some((p) => p === reason.pointer || p.startsWith(`${reason.pointer}/`))) return problems;
    if (validate(JSON.parse(built.body))) return [...problems, `body is valid: ${built.body}`];
    if (!errorAt(validate.errors ?? [], reason.pointer, reason.keyword))
      return [...problems, `no error at ${reason.pointer}: ${JSON.stringify(validate.errors)}`];
    return problems;
  }
  const [where, name] = reason.location.split('.') as [string, string];
  const parameter = operation.parameters.find((p) => p.in === where && p.name === name);
  if (!parameter) return [...problems, `no parameter ${reason.location}`];
  const { path, query } = parametersOnWire(built, operation);
  const text = where === 'path' ? path[name] : lastValue(query, name);
  if (text === undefined) return [...problems, `${reason.location} not on the wire`];
  const exactlyOut =
    /^-?\d+$/.test(text) && integerFaults(new LosslessNumber(text), parameter.schema.schema).length > 0;
  if (checkParameterText(parameter, text).ok && !exactlyOut)
    return [...problems, `${reason.location}=${JSON.stringify(text)} is valid`];
  return problems;
}
