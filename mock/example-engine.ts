import type { OperationModel, ResponseModel } from '../spec/model.js';
import { mockError } from './errors.js';
import type { SpecAnswer, SpecEngine, SpecEngineOptions } from './prism-engine.js';
import type { MockPreferences } from './prefer.js';
import { sampleValue } from '../spec/generate/index.js';

/**
 * An engine that answers from the spec alone, where Prism cannot run (the browser): the preferred
 * status (`Prefer: code=`) or the lowest documented 2xx, with the named example (`Prefer: example=`),
 * else the first example (static), else a value built from the schema (dynamic, or no example;
 * `mock/resources`' sample values). Unlike Prism, it generates no random
 * data (a seed changes nothing) and no documented response headers.
 */
export function createExampleEngine(_spec: unknown, options: SpecEngineOptions): SpecEngine {
  return {
    answer: (operation, _request, preferences) => Promise.resolve(exampleAnswer(operation, preferences, options)),
  };
}

function exampleAnswer(
  operation: OperationModel,
  preferences: MockPreferences | undefined,
  options: SpecEngineOptions,
): SpecAnswer {
  const status = preferences?.code ?? firstStatus(operation);
  const response = status === undefined ? undefined : operation.responseFor(status);
  if (status === undefined || !response)
    return {
      ok: false,
      internal: preferences?.code === undefined,
      error: mockError(400, 'prefer_not_documented', `${operation.operationId} documents no answer to give.`),
    };
  const key = preferences?.exampleKey;
  if (key !== undefined) {
    if (!(key in response.examples))
      return {
        ok: false,
        internal: false,
        error: mockError(
          400,
          'prefer_not_documented',
          `Prefer: example=${key} names no example of ${operation.operationId}'s ${status} response (examples: ${Object.keys(response.examples).join(', ') || 'none'}).`,
        ),
      };
    return { ok: true, status, body: response.examples[key], headers: {} };
  }
  const dynamic = preferences?.dynamic ?? options.dynamic;
  const examples = Object.values(response.examples);
  if (!dynamic && examples.length > 0) return { ok: true, status, body: examples[0], headers: {} };
  return { ok: true, status, body: generated(response), headers: {} };
}

/** The lowest documented 2xx, else the lowest documented status, as Prism chooses without a preference. */
function firstStatus(operation: OperationModel): number | undefined {
  const codes = Object.keys(operation.responses)
    .filter((status) => /^\d{3}$/.test(status))
    .sort();
  const code = codes.find((c) => c.startsWith('2')) ?? codes[0];
  return code === undefined ? (operation.responses.default ? 200 : undefined) : Number(code);
}

/** A body built from the response's schema (undefined without one). */
function generated(response: ResponseModel): unknown {
  const schema = response.schema?.schema;
  return schema ? sampleValue(schema) : undefined;
}
