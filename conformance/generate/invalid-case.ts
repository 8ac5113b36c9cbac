import fc from 'fast-check';
import { LosslessNumber, stringify as stringifyLossless } from 'lossless-json';
import type { Case } from '../cases/index.js';
import { checkParameterText, type OperationModel } from '../../spec/index.js';
import { mutationsOf, type Mutation } from './mutations.js';
import { requestPartsArbitrary, toValidCase, type KnownValues } from './valid-case.js';
import { integerFaults } from './exact-integers.js';
import { toPlainJson } from './wire.js';

/** Applies a mutation to a valid case, producing an invalid case labelled with the mutation's reason. */
export function applyMutation(valid: Case, mutation: Mutation): Case {
  const { edge: _edge, existing: _existing, headers, ...rest } = valid;
  // A raw body names its own Content-Type; a JSON one keeps the spelling the valid case chose.
  const keepHeaders = mutation.target === 'body' || mutation.target === 'parameter';
  const base: Case = {
    ...rest,
    ...(keepHeaders && headers ? { headers } : {}),
    family: 'invalid',
    kind: 'invalid',
    invalid: mutation.reason,
  };
  switch (mutation.target) {
    case 'body':
      return {
        ...base,
        body: { kind: 'json', value: mutation.apply(valid.body?.kind === 'json' ? valid.body.value : {}) },
      };
    case 'raw-body': {
      const text = valid.body?.kind === 'json' ? (stringifyLossless(valid.body.value) ?? '') : '';
      const rendered = mutation.render(text);
      return {
        ...base,
        body: {
          kind: 'raw',
          text: rendered.text,
          ...(rendered.contentType ? { contentType: rendered.contentType } : {}),
        },
      };
    }
    case 'no-body': {
      const { body: _, ...rest } = base;
      return rest;
    }
    case 'parameter': {
      const { parameter, text } = mutation;
      if (parameter.in === 'path') return { ...base, pathParams: { ...valid.pathParams, [parameter.name]: text } };
      return { ...base, query: [...valid.query.filter(([k]) => k !== parameter.name), [parameter.name, text]] };
    }
  }
}

/** Arbitrary of invalid cases: a valid request with exactly one labelled fault. */
export function invalidCaseArbitrary(
  operation: OperationModel,
  known: KnownValues = {},
): fc.Arbitrary<Case> | undefined {
  const mutations = mutationsOf(operation);
  if (mutations.length === 0) return undefined;
  return fc
    .tuple(requestPartsArbitrary(operation, known), fc.constantFrom(...mutations))
    .map(([parts, mutation]) => applyMutation(toValidCase(operation, parts), mutation))
    .filter((c) => isStillInvalid(c, operation));
}

/**
 * Re-checks that an invalid case is invalid, from the request alone, independently of how it was
 * made. Used on generation and again on the shrunk counterexample before anything is reported.
 */
export function isStillInvalid(testCase: Case, operation: OperationModel): boolean {
  const reason = testCase.invalid;
  if (!reason) return false;
  if (reason.layer === 'syntax') {
    if (reason.keyword === 'required') return testCase.body === undefined;
    if (reason.keyword === 'content-type')
      return testCase.body?.kind === 'raw' && !/^application\/(.+\+)?json\b/i.test(testCase.body.contentType ?? '');
    if (testCase.body?.kind !== 'raw') return false;
    try {
      JSON.parse(testCase.body.text);
      return false;
    } catch {
      return true;
    }
  }
  if (reason.location === 'body') {
    if (testCase.body?.kind !== 'json' || !operation.requestBody) return false;
    // Integers beyond their range by less than a double can tell (int64 max + 1) are invalid too.
    if (
      integerFaults(testCase.body.value, operation.requestBody.schema.schema).some(
        (p) => p === reason.pointer || p.startsWith(`${reason.pointer}/`),
      )
    )
      return true;
    const result = operation.requestBody.schema.validate(toPlainJson(testCase.body.value));
    return (
      !result.ok &&
      result.errors.some(
        (e) =>
          e.pointer === reason.pointer ||
          (reason.pointer === '' && e.pointer === '') ||
          e.pointer.startsWith(`${reason.pointer}/`) ||
          (reason.keyword === 'required' && e.keyword === 'required'),
      )
    );
  }
  // `query.certificate.purpose`: the parameter's name is all after the first dot (names may hold dots).
  const dot = reason.location.indexOf('.');
  const where = reason.location.slice(0, dot);
  const name = reason.location.slice(dot + 1);
  const parameter = operation.parameters.find((p) => p.in === where && p.name === name);
  if (!parameter) return false;
  const text =
    where === 'path' ? testCase.pathParams[name] : [...testCase.query].reverse().find(([k]) => k === name)?.[1];
  if (text === undefined) return false;
  // Integers past their range by less than a double can tell (one past int64) are invalid too.
  // JSON number text only (no leading zero: LosslessNumber refuses "01").
  if (/^-?(0|[1-9]\d*)$/.test(text) && integerFaults(new LosslessNumber(text), parameter.schema.schema).length > 0)
    return true;
  return !checkParameterText(parameter, text).ok;
}
