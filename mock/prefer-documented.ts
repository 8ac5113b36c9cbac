import type { OperationModel } from '../spec/index.js';
import { type MockError, type MockErrorCode, mockError } from './errors.js';
import type { MockPreferences } from './prefer.js';

/**
 * A 400 when `Prefer: code=…` asks for a status the operation does not document (no exact code, no
 * `5XX`-style range, no `default`), else undefined. Prism would answer it with a 404, which reads
 * like a missing route; a status the spec does not have is the client's mistake, so a 400 names it.
 */
export function undocumentedPreference(operation: OperationModel, preferences: MockPreferences): MockError | undefined {
  const code = preferences.code;
  if (code === undefined || operation.responseFor(code) !== undefined) return undefined;
  const documented = Object.keys(operation.responses).join(', ') || 'none';
  return mockError(
    400,
    'prefer_not_documented',
    `Prefer: code=${code} asks for a status ${operation.operationId} does not document (documented: ${documented}).`,
  );
}

/** The Prefer header's request in words, for the message of a forced answer: `Prefer: code=404`. */
export function forcedBy(preferences: MockPreferences): string {
  const parts = [
    ...(preferences.code !== undefined ? [`code=${preferences.code}`] : []),
    ...(preferences.exampleKey !== undefined ? [`example=${preferences.exampleKey}`] : []),
    ...(preferences.dynamic !== undefined ? [`dynamic=${preferences.dynamic}`] : []),
  ];
  return `Prefer: ${parts.join(', ') || 'seed'}`;
}

/**
 * The error a `Prefer: code=4xx/5xx` forces when the spec documents no example for that response: the
 * mock's own error, which leaves in the spec's error shape with real words in it (the response's
 * description, a reason phrase as title) where a body made from the schema alone would read
 * `"title": "string"`. Undefined when the spec gives an example, which is then answered as written.
 */
export function forcedError(
  operation: OperationModel,
  status: number,
  preferences: MockPreferences,
  headers?: Readonly<Record<string, string>>,
): MockError | undefined {
  if (preferences.code === undefined || preferences.exampleKey !== undefined || status < 400) return undefined;
  const response = operation.responseFor(status);
  if (!response) return undefined;
  const schema = response.schema?.schema;
  const exemplified =
    Object.keys(response.examples).length > 0 ||
    (schema !== undefined && ('example' in schema || 'examples' in schema));
  if (exemplified) return undefined;
  const said = response.description.trim().replace(/\.$/, '');
  const message = `${said === '' ? `Status ${status}` : said} (forced by ${forcedBy(preferences)})`;
  return mockError(status, FORCED_CODES[status] ?? 'forced_error', message, headers);
}

// The Error body's `code` of a forced status, for shapes that carry one.
const FORCED_CODES: Readonly<Record<number, MockErrorCode>> = {
  400: 'invalid_parameter',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_content',
  429: 'too_many_requests',
};
