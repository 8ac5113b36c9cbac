/**
 * A tiny client for the Animal Store API, as a browser app would write it: `fetch`, a bearer key,
 * and every failure turned into one of a few states the page knows how to show.
 */

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

export interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status?: PetStatus;
}

export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}

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

async function call<T>(settings: ApiSettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Result<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${settings.apiKey}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (settings.delayMs > 0) headers['X-Mock-Delay'] = String(settings.delayMs);
  if (settings.prefer) headers['Prefer'] = settings.prefer;
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    // A refused connection and a CORS refusal look the same to a page: a TypeError, no status.
    return { kind: 'network', message: (error as Error).message };
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { kind: 'ok', value: data as T };
  const error = (data ?? {}) as { code?: unknown; message?: unknown };
  return {
    kind: 'http',
    status: response.status,
    code: typeof error.code === 'string' ? error.code : 'unknown',
    message: typeof error.message === 'string' ? error.message : response.statusText,
  };
}

/** `GET /pets`, at most 100 (the contract's maximum), optionally filtered by status. */
export function listPets(settings: ApiSettings, status?: PetStatus): Promise<Result<Pet[]>> {
  const query = new URLSearchParams({ limit: '100' });
  if (status) query.set('status', status);
  return call<Pet[]>(settings, 'GET', `/pets?${query}`);
}

/** `POST /pets`: answers 201 with the stored pet. */
export function createPet(settings: ApiSettings, pet: NewPet): Promise<Result<Pet>> {
  return call<Pet>(settings, 'POST', '/pets', pet);
}

/** `GET /pets/{petId}` (deprecated in the contract, still served). */
export function getPet(settings: ApiSettings, id: string): Promise<Result<Pet>> {
  return call<Pet>(settings, 'GET', `/pets/${encodeURIComponent(id)}`);
}

/** `POST /__mock/reset` on the mock's origin: back to the seed data. Mock only, not part of the API. */
export async function resetMock(settings: ApiSettings): Promise<Result<{ reset: boolean; pets: number }>> {
  try {
    const response = await fetch(new URL('/__mock/reset', settings.baseUrl), { method: 'POST' });
    const data = (await response.json()) as { reset: boolean; pets: number };
    return response.ok ? { kind: 'ok', value: data } : { kind: 'http', status: response.status, code: 'reset_failed', message: 'The mock did not reset (is --no-admin set?)' };
  } catch (error) {
    return { kind: 'network', message: (error as Error).message };
  }
}
