/**
 * The Animal Store as a plug-in of the mock: only what its contract says beyond what the generic
 * store (`mock/resources/`) already does for any spec (the status filter, the `limit` default, int64
 * ids and categoryIds echoed digit for digit, no invented defaults, extra properties not stored).
 * @module
 */
import {
  LosslessNumber,
  isLosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';
import type { OperationModel } from '../../../spec/model.js';
import { isObject } from '../../../spec/json/index.js';
import { errorAnswer } from '../../../mock/answer.js';
import type { MockDomainPlugin } from '../../../mock/domain/plugin.js';
import { mockError } from '../../../mock/errors.js';
import type { RequestInput } from '../../../mock/request-input.js';
import seedPets from '../../../fixtures/pets.json' with { type: 'json' };
import { ANIMAL_STORE_OPERATIONS } from './fingerprint.js';

/** The mock's Animal Store: the project's seed pets, the spec's 404 wording, and spec-engine answers that keep the request's meaning. */
export const animalStoreMock: MockDomainPlugin = {
  name: 'animal-store',
  operations: ANIMAL_STORE_OPERATIONS,
  seed: { '/pets': seedPets },
  storeAnswer: (operation, input, answer) =>
    operation.operationId === 'getPet' && answer.status === 404
      ? // The spec's own 404 example words it so.
        errorAnswer(mockError(404, 'not_found', `No animal has the id ${String(input.path.petId)}.`))
      : answer,
  engineBody,
};

/**
 * A 2xx body the spec engine produced (static example, generated), shaped so the request's meaning
 * holds: the list honours `status` and `limit`, a created pet echoes what was sent (no invented
 * default, no extra property), a fetched pet carries the asked id. Undefined keeps the body.
 */
function engineBody(operation: OperationModel, input: RequestInput, body: unknown): string | undefined {
  switch (operation.operationId) {
    case 'listPets': {
      if (!Array.isArray(body)) return undefined;
      const status = input.query.status;
      const limit = (input.query.limit as number | undefined) ?? defaultLimit(operation);
      const kept = body.filter((pet) => status === undefined || (isObject(pet) && pet.status === status));
      // Already what was asked (a generated page): undefined keeps the body, as the mock wrote it.
      if (kept.length === body.length && body.length <= limit) return undefined;
      return JSON.stringify(kept.slice(0, limit));
    }
    case 'createPet': {
      if (!isObject(body) || typeof body.id !== 'number') return undefined;
      return stringifyLossless({ id: body.id, ...sentFields(operation, input) });
    }
    case 'getPet': {
      const id = input.path.petId;
      if (!isObject(body) || typeof id !== 'number' || !Number.isInteger(id)) return undefined;
      // Ids beyond 2^53 go out as integer digits (BigInt), never in exponent form.
      return stringifyLossless({ ...body, id: new LosslessNumber(BigInt(id).toString()) });
    }
    default:
      return undefined;
  }
}

/** The sent members the request schema declares, integers a double cannot hold kept as sent. */
function sentFields(operation: OperationModel, input: RequestInput): Record<string, unknown> {
  const body = isObject(input.body) ? input.body : {};
  const declared = operation.requestBody?.schema.schema.properties;
  let exact: Record<string, unknown> = {};
  if (input.bodyText !== undefined && /\d{16}/.test(input.bodyText)) {
    try {
      const parsed = parseLossless(input.bodyText);
      if (isObject(parsed)) exact = parsed;
    } catch {
      // lossless-json refuses some inputs JSON.parse accepts (duplicate keys): the doubles are kept.
    }
  }
  const fields: Record<string, unknown> = {};
  for (const key of isObject(declared) ? Object.keys(declared) : Object.keys(body)) {
    if (!(key in body)) continue;
    const token = exact[key];
    fields[key] = isLosslessNumber(token) && /^-?\d+$/.test(token.value) ? token : body[key];
  }
  return fields;
}

function defaultLimit(operation: OperationModel): number {
  const fallback = operation.parameters.find((p) => p.name === 'limit')?.schema.schema.default;
  return typeof fallback === 'number' ? fallback : Number.POSITIVE_INFINITY;
}
