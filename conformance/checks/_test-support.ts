/**
 * Terse builders of hand-made cases, responses and exchanges for the unit tests of the checks and
 * the domain checks. Test-only: nothing in the kit imports it.
 */
import { parse as parseLossless } from 'lossless-json';
import type { AuthVariant, Case, Exchange, InvalidReason, ReceivedResponse, TransportFailure } from '../cases/index.js';
import type { Finding, RequestRecord } from '../findings/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import type { Check } from './make-finding.js';

/** The operationIds of the real spec. */
export const OPERATION_IDS = ['listPets', 'createPet', 'getPet'] as const;

/** The three operations of the real spec, by operationId. */
export interface Operations {
  readonly spec: SpecModel;
  readonly listPets: OperationModel;
  readonly createPet: OperationModel;
  readonly getPet: OperationModel;
}

/**
 * Loads the real spec (call it in `beforeAll`). Imported on demand, so that test files of checks
 * that read the exchange only do not pay for the spec loader.
 */
export async function loadOperations(): Promise<Operations> {
  const { loadSpec } = await import('../../spec/index.js');
  const spec = await loadSpec();
  const op = (id: string) => {
    const found = spec.operation(id);
    if (!found) throw new Error(`the spec has no ${id}`);
    return found;
  };
  return { spec, listPets: op('listPets'), createPet: op('createPet'), getPet: op('getPet') };
}

/** A valid, authenticated case; fields override. */
export function validCase(operationId: string, fields: Partial<Case> = {}): Case {
  return { operationId, family: 'valid', kind: 'valid', pathParams: {}, query: [], auth: 'valid', ...fields };
}

/** An invalid case labelled with `reason` (a schema fault that `must` be refused unless overridden). */
export function invalidCase(
  operationId: string,
  reason: Partial<InvalidReason> = {},
  fields: Partial<Case> = {},
): Case {
  const invalid: InvalidReason = {
    layer: 'schema',
    location: 'body',
    pointer: '/name',
    keyword: 'type',
    description: "'name' is 42, not of type string",
    firmness: 'must',
    ...reason,
  };
  return { ...validCase(operationId), family: 'invalid', kind: 'invalid', invalid, ...fields };
}

/** An auth case with the given credential variant. */
export function authCase(operationId: string, auth: AuthVariant, fields: Partial<Case> = {}): Case {
  return { ...validCase(operationId), family: 'auth', kind: 'auth', auth, ...fields };
}

/** A probe (a request outside the documented contract). */
export function probeCase(operationId: string, fields: Partial<Case> = {}): Case {
  return { ...validCase(operationId), family: 'probe', kind: 'probe', ...fields };
}

/**
 * A response as the HTTP client builds it: the body text parsed plainly and losslessly when it is
 * JSON. Headers default to `content-type: application/json` when there is a body; pass
 * `content-type: undefined` to leave it out.
 */
export function response(
  status: number,
  bodyText = '',
  headers: Record<string, string | undefined> = {},
): ReceivedResponse {
  const merged: Record<string, string | undefined> = {
    ...(bodyText !== '' ? { 'content-type': 'application/json' } : {}),
    ...headers,
  };
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(merged)) if (v !== undefined) clean[k.toLowerCase()] = v;
  let parsed: { json?: unknown; exactJson?: unknown } = {};
  if (bodyText.trim() !== '') {
    try {
      parsed = { json: JSON.parse(bodyText) as unknown, exactJson: parseLossless(bodyText) };
    } catch {
      parsed = {};
    }
  }
  return { status, headers: clean, bodyText, ...parsed, durationMs: 3, sentAt: 0 };
}

/** A response whose body is `value` serialised with JSON.stringify. */
export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string | undefined> = {},
): ReceivedResponse {
  return response(status, JSON.stringify(value), headers);
}

/** A stand-in for the record of the request sent (the checks only attach it to findings). */
export const REQUEST: RequestRecord = {
  method: 'GET',
  path: '/pets',
  headers: { accept: 'application/json', authorization: 'Bearer $API_KEY' },
};

export function exchange(testCase: Case, received: ReceivedResponse): Exchange {
  return { case: testCase, request: REQUEST, response: received };
}

export function failedExchange(testCase: Case, kind: TransportFailure, message: string): Exchange {
  return { case: testCase, request: REQUEST, failure: { kind, message, durationMs: 5000 } };
}

/** Runs a check on one hand-made exchange. */
export function run(check: Check, operation: OperationModel, testCase: Case, received: ReceivedResponse): Finding[] {
  return check({ exchange: exchange(testCase, received), operation });
}

/** Findings reduced to what a verdict turns on: code, severity and gap. */
export function verdicts(findings: readonly Finding[]): { code: string; severity: string; gap?: string }[] {
  return findings.map((f) => ({ code: f.code, severity: f.severity, ...(f.gap !== undefined ? { gap: f.gap } : {}) }));
}

/** A valid Error body for a status. */
export function errorBody(status: number, code = 'some_code'): string {
  return JSON.stringify({ code, message: 'Something went wrong.', status });
}

/** A valid Pet. */
export function pet(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, name: `Pet ${id}`, categoryId: 1, status: 'available', ...fields };
}
