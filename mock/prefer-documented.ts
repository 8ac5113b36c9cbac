import type { OperationModel } from '../spec/index.js';
import { type MockError, mockError } from './errors.js';
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
