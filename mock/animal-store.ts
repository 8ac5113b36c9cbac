/**
 * Everything the mock knows about the Animal Store beyond the spec's shapes, in one place keyed by
 * operationId: how the stateful mode answers each operation, and how Prism's answers are shaped so
 * that filter, limit and echo semantics hold in every mode. The rest of the mock knows nothing of pets.
 * @module
 */
import { parse as parseLossless } from 'lossless-json';
import type { OperationModel, SpecModel } from '../spec/index.js';
import { type Answer, errorAnswer, jsonAnswer } from './answer.js';
import { mockError } from './errors.js';
import type { RequestInput } from './request-input.js';
import { type PetStore, RawNumber, type StoredPet, petJson } from './store.js';
import { isObject } from '../spec/json/index.js';

/** The Animal Store's operations, as `METHOD /path`: a spec with all three is answered by this module in stateful mode. */
const ANIMAL_STORE_OPERATIONS: Readonly<Record<string, string>> = {
  listPets: 'GET /pets',
  createPet: 'POST /pets',
  getPet: 'GET /pets/{petId}',
};

/**
 * True when the spec is the Animal Store (its three operations, same operationId, method and path),
 * the same test the kit's domain rules use: its pets are served here, byte for byte as before the
 * generic store existed (int64 ids echoed digit for digit, no invented defaults); other specs' resources
 * go to the generic store of `mock/resources/`.
 */
export function isAnimalStore(spec: SpecModel): boolean {
  // Asked on every stateful request: answered once per loaded spec.
  let known = animalStoreSpecs.get(spec);
  if (known === undefined) {
    known = Object.entries(ANIMAL_STORE_OPERATIONS).every(([id, route]) => {
      const op = spec.operation(id);
      return op !== undefined && `${op.method.toUpperCase()} ${op.path}` === route;
    });
    animalStoreSpecs.set(spec, known);
  }
  return known;
}

const animalStoreSpecs = new WeakMap<SpecModel, boolean>();

/** Checks each seed pet (parsed JSON read from `where`) against the spec's `Pet` schema, so the store never serves an invalid pet. */
export function seedPets(spec: SpecModel, raw: unknown, where: string): StoredPet[] {
  if (!Array.isArray(raw)) throw new Error(`Seed file ${where} must hold a JSON array of pets.`);
  return raw.map((item, index) => seedPet(spec, item, `${where}[${index}]`));
}

/** Checks one seed pet against the spec's `Pet` schema and splits it into id and fields. */
export function seedPet(spec: SpecModel, item: unknown, where = 'seed pet'): StoredPet {
  const schema = spec.schemas.Pet;
  const result = schema?.validate(item);
  if (result && !result.ok)
    throw new Error(`${where} is not a valid Pet: ${result.errors.map((e) => e.message).join('; ')}`);
  const { id, ...fields } = item as { id: unknown } & Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new Error(`${where} needs a safe integer id.`);
  return { id, fields };
}

/**
 * Answers an operation from the store, or returns undefined for an operation the stateful mode does
 * not model (it is then answered from the spec through Prism).
 */
export function answerFromStore(operation: OperationModel, input: RequestInput, store: PetStore): Answer | undefined {
  switch (operation.operationId) {
    case 'listPets': {
      const status = input.query.status;
      const limit = (input.query.limit as number | undefined) ?? defaultLimit(operation);
      const keep = status === undefined ? keepAll : (pet: StoredPet) => pet.fields.status === status;
      // The filter's key: every pet, or those of one status (a string: the query's schema says so).
      const key = status === undefined ? '*' : typeof status === 'string' ? `status=${status}` : undefined;
      return jsonAnswer(200, store.listJson(keep, limit, key));
    }
    case 'createPet':
      return jsonAnswer(201, store.addJson(newPetFields(operation, input)));
    case 'getPet': {
      const id = input.path.petId as number;
      const json = Number.isSafeInteger(id) ? store.getJson(id) : undefined;
      return json === undefined
        ? errorAnswer(mockError(404, 'not_found', `No animal has the id ${String(id)}.`))
        : jsonAnswer(200, json);
    }
    default:
      return undefined;
  }
}

/**
 * Shapes a 2xx body Prism produced (example or generated) so the request's meaning holds: the list
 * honours `status` and `limit`, a created pet echoes what was sent, a fetched pet carries the asked id.
 * Returns the new JSON text, or undefined to keep Prism's body.
 */
export function shapeSpecAnswer(operation: OperationModel, input: RequestInput, body: unknown): string | undefined {
  switch (operation.operationId) {
    case 'listPets': {
      if (!Array.isArray(body)) return undefined;
      const status = input.query.status;
      const limit = (input.query.limit as number | undefined) ?? defaultLimit(operation);
      const kept = body.filter((pet) => status === undefined || (isObject(pet) && pet.status === status));
      return JSON.stringify(kept.slice(0, limit));
    }
    case 'createPet': {
      if (!isObject(body) || typeof body.id !== 'number') return undefined;
      return petJson({ id: body.id, fields: newPetFields(operation, input) });
    }
    case 'getPet': {
      const id = input.path.petId;
      if (!isObject(body) || typeof id !== 'number' || !Number.isInteger(id)) return undefined;
      // Ids beyond 2^53 go out as integer digits (BigInt), never in exponent form.
      return JSON.stringify({ ...body, id: 0 }).replace('"id":0', `"id":${BigInt(id).toString()}`);
    }
    default:
      return undefined;
  }
}

/**
 * The sent body reduced to the properties the request schema declares (name, categoryId, status):
 * unknown extra properties are not stored, and no default is invented for an omitted one. Integers a
 * double cannot hold are kept as their exact source text.
 */
export function newPetFields(operation: OperationModel, input: RequestInput): Record<string, unknown> {
  const body = isObject(input.body) ? input.body : {};
  const declared = operation.requestBody?.schema.schema.properties;
  const keys = isObject(declared) ? Object.keys(declared) : Object.keys(body);
  const fields: Record<string, unknown> = {};
  let exact: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (!(key in body)) continue;
    let value = body[key];
    if (typeof value === 'number' && !Number.isSafeInteger(value) && input.bodyText !== undefined) {
      exact ??= exactNumbers(input.bodyText);
      const token = exact[key];
      if (token instanceof RawNumber) value = token;
    }
    fields[key] = value;
  }
  return fields;
}

function exactNumbers(text: string): Record<string, unknown> {
  try {
    const parsed = parseLossless(text, null, (token: string) => new RawNumber(token));
    return isObject(parsed) ? parsed : {};
  } catch {
    // lossless-json refuses some inputs JSON.parse accepts (duplicate keys); the double is then kept.
    return {};
  }
}

const keepAll = (): boolean => true;

function defaultLimit(operation: OperationModel): number {
  const fallback = operation.parameters.find((p) => p.name === 'limit')?.schema.schema.default;
  return typeof fallback === 'number' ? fallback : Number.POSITIVE_INFINITY;
}
