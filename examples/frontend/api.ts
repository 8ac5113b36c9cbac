/**
 * The example app's client for the Animal Store API: openapi-fetch, typed by schema.d.ts, which
 * openapi-typescript generates from the spec (`npm run openapi-types`; schema.test.ts fails when it
 * drifts). Paths, parameters, bodies and answers are checked against the contract at compile time;
 * every failure is turned into one of a few states the page knows how to show.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
export type PetStatus = components['schemas']['PetStatus'];
type ErrorBody = components['schemas']['Error'];

/** Every status, in the order the page lists them; `satisfies` fails the build if the spec's enum changes. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const satisfies readonly PetStatus[];

/** Where to send requests and how. */
export interface ApiSettings {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Milliseconds the mock waits before answering (`X-Mock-Delay`); 0 for none. */
  delayMs: number;
  /** Extra `Prefer` header, e.g. `code=404` to have the mock answer the documented 404. */
  prefer?: string;
}

/** The outcome of a call: data, an HTTP error with the contract's Error body, or no answer at all. */
export type Result<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'http'; status: number; code: string; message: string }
  | { kind: 'network'; message: string };

/** A client for one set of settings; the key, delay and Prefer travel as headers on every call. */
function client(settings: ApiSettings) {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${settings.apiKey}` };
  if (settings.delayMs > 0) headers['X-Mock-Delay'] = String(settings.delayMs);
  if (settings.prefer) headers['Prefer'] = settings.prefer;
  return createClient<paths>({
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    headers,
    // Looked up per call, not captured: a test's request interceptor (MSW) replaces globalThis.fetch.
    fetch: (request) => globalThis.fetch(request),
  });
}

/** Turns openapi-fetch's `{ data, error, response }` (or a rejected fetch) into a {@link Result}. */
async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Result<T>> {
  let outcome: Awaited<typeof call>;
  try {
    outcome = await call;
  } catch (error) {
    // A refused connection and a CORS refusal look the same to a page: a TypeError, no status.
    return { kind: 'network', message: (error as Error).message };
  }
  const { data, error, response } = outcome;
  if (response.ok) return { kind: 'ok', value: data as T };
  const body = (error ?? {}) as Partial<ErrorBody>;
  return {
    kind: 'http',
    status: response.status,
    code: typeof body.code === 'string' ? body.code : 'unknown',
    message: typeof body.message === 'string' ? body.message : response.statusText,
  };
}

/** `GET /pets`, at most 100 (the contract's maximum), optionally filtered by status. */
export function listPets(settings: ApiSettings, status?: PetStatus): Promise<Result<Pet[]>> {
  return settle(client(settings).GET('/pets', { params: { query: { limit: 100, ...(status ? { status } : {}) } } }));
}

/** `POST /pets`: answers 201 with the stored pet. */
export function createPet(settings: ApiSettings, pet: NewPet): Promise<Result<Pet>> {
  return settle(client(settings).POST('/pets', { body: pet }));
}

/**
 * `GET /pets/{petId}` (deprecated in the contract, still served). The id is what the user typed:
 * anything that is not an integer is sent as typed, for the API to refuse.
 */
export function getPet(settings: ApiSettings, id: string): Promise<Result<Pet>> {
  // The contract types petId as an integer; the page lets a user type anything to see the refusal.
  return settle(client(settings).GET('/pets/{petId}', { params: { path: { petId: id as unknown as number } } }));
}

/** `POST /__mock/reset` on the mock's origin: back to the seed data. Mock only, not part of the API. */
export async function resetMock(settings: ApiSettings): Promise<Result<{ reset: boolean; pets: number }>> {
  try {
    const response = await globalThis.fetch(new URL('/__mock/reset', settings.baseUrl), { method: 'POST' });
    // The mock counts the seed items of every collection it keeps.
    const data = (await response.json()) as { reset: boolean; collections?: Record<string, number> };
    return response.ok
      ? { kind: 'ok', value: { reset: data.reset, pets: data.collections?.['/pets'] ?? 0 } }
      : {
          kind: 'http',
          status: response.status,
          code: 'reset_failed',
          message: 'The mock did not reset (is --no-admin set?)',
        };
  } catch (error) {
    return { kind: 'network', message: (error as Error).message };
  }
}
