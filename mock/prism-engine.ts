/**
 * Prism as the engine that answers from the spec (static examples and every `Prefer`-forced
 * response; the dynamic mode's generated answers come from the spec module's value generator, see
 * `mock/generated`). Prism is fed the spec loader's dereferenced document through
 * `@stoplight/http-spec`'s OAS3 transform; the spec file is never read here.
 *
 * Prism is loaded lazily: its modules take seconds to load, and the stateful mode only needs them
 * for requests that carry a `Prefer` header.
 * @module
 */
import type { IHttpConfig, IHttpOperationConfig, IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OperationModel, SpecModel } from '../spec/index.js';
import { type MockError, mockError, unauthorized } from './errors.js';
import type { MockPreferences } from './prefer.js';

/** The request as Prism sees it: the path relative to the base path, and the already-checked input. */
export interface SpecRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string | string[]>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** Prism's answer, or its failure translated into the contract's Error. */
export type SpecAnswer =
  | {
      readonly ok: true;
      readonly status: number;
      readonly body: unknown;
      readonly headers: Readonly<Record<string, string>>;
    }
  | { readonly ok: false; readonly error: MockError; readonly internal: boolean };

/** Answers operations from the spec through Prism's programmatic API. */
export interface SpecEngine {
  answer(
    operation: OperationModel,
    request: SpecRequest,
    preferences: MockPreferences | undefined,
  ): Promise<SpecAnswer>;
}

/** How the engine generates bodies by default (a `Prefer` header can override each request). */
export interface SpecEngineOptions {
  /** Generate bodies from schemas (`dynamic` mode) instead of using the spec's examples. */
  readonly dynamic: boolean;
  /** Seed for generated data; the same seed gives the same data on every request. */
  readonly seed?: string;
}

type PrismHttp = typeof import('@stoplight/prism-http');
type PrismInstance = ReturnType<PrismHttp['createInstance']>;
interface Loaded {
  readonly prism: PrismInstance;
  readonly operations: ReadonlyMap<string, IHttpOperation>;
}

let prismModules:
  | Promise<{
      http: PrismHttp;
      transform: (doc: unknown) => IHttpOperation[];
      createLogger: (name: string, options: object) => unknown;
    }>
  | undefined;

/** Loads Prism's modules once per process; call early to take the load off the first request. */
export function loadPrism(): Promise<unknown> {
  prismModules ??= (async () => {
    preloadEnglishFaker();
    const [http, spec, core] = await Promise.all([
      import('@stoplight/prism-http'),
      import('@stoplight/http-spec/oas3/operation'),
      import('@stoplight/prism-core'),
    ]);
    const interop = <T>(m: T): T => (m as { default?: T }).default ?? m;
    // The generator's options are global to json-schema-faker; start from Prism's own defaults.
    interop(http).resetJSONSchemaGenerator();
    return {
      http: interop(http),
      transform: (doc: unknown) => interop(spec).transformOas3Operations(doc as never),
      createLogger: interop(core).createLogger as (name: string, options: object) => unknown,
    };
  })();
  return prismModules;
}

/**
 * Prism's generator requires `@faker-js/faker`, whose main entry builds a Faker holding all 60
 * locales: about 300 ms of Prism's ~600 ms load, for data Prism only ever generates in English
 * (it never switches locale). Node lets a program fill `require.cache` before a module is first
 * required, so Prism is handed the package's own English-only instance (`locale/en`, the same
 * Faker class with the same `en` data and fallback) under the main entry's export names.
 * Measured by `npm run bench` (cold start) and `bench/profile.ts`.
 */
function preloadEnglishFaker(): void {
  try {
    const requireFromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
    const mainEntry = requireFromPrism.resolve('@faker-js/faker');
    if (requireFromPrism.cache[mainEntry]) return;
    const english = requireFromPrism('@faker-js/faker/locale/en') as { constructor: unknown };
    const requireFromFaker = createRequire(mainEntry);
    const exports = {
      __esModule: true,
      default: english,
      faker: english,
      Faker: english.constructor,
      FakerError: (requireFromFaker(join(dirname(mainEntry), 'errors/faker-error.js')) as { FakerError: unknown })
        .FakerError,
      Gender: (requireFromFaker(join(dirname(mainEntry), 'name.js')) as { Gender: unknown }).Gender,
    };
    const Module = requireFromPrism('node:module') as new (id: string) => NodeJS.Module;
    const entry = new Module(mainEntry);
    entry.filename = mainEntry;
    entry.loaded = true;
    entry.exports = exports;
    requireFromPrism.cache[mainEntry] = entry;
  } catch {
    // A different faker layout (another Prism version): Prism then loads the full package itself.
  }
}

/** Creates the engine for one loaded spec (a reloaded spec gets a new engine). */
export function createPrismEngine(spec: SpecModel, options: SpecEngineOptions): SpecEngine {
  let loaded: Promise<Loaded> | undefined;
  const base: IHttpConfig = {
    // The mock's own layers already checked the key and the input with the spec's validators, so
    // Prism only negotiates and builds the response.
    checkSecurity: false,
    validateRequest: false,
    validateResponse: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
    mock: { dynamic: options.dynamic },
  };

  function load(): Promise<Loaded> {
    loaded ??= loadPrism().then((m) => {
      const modules = m as Awaited<NonNullable<typeof prismModules>>;
      const logger = modules.createLogger('mock', { level: 'silent' });
      const prism = modules.http.createInstance(base, {
        logger: logger as never,
        // The mock's router already picked the operation; Prism gets exactly that one.
        route: ({ resources }) => ({ _tag: 'Right', right: resources[0]! }),
      });
      const operations = new Map(modules.transform(spec.document).map((op) => [`${op.method} ${op.path}`, op]));
      return { prism, operations };
    });
    return loaded;
  }

  return {
    async answer(operation, request, preferences) {
      const { prism, operations } = await load();
      const resource = operations.get(`${operation.method} ${operation.path}`);
      if (!resource) {
        return {
          ok: false,
          internal: true,
          error: mockError(400, 'mock_error', `Prism has no operation ${operation.operationId}.`),
        };
      }
      const mock: IHttpOperationConfig = {
        dynamic: preferences?.dynamic ?? options.dynamic,
        // The mock answers JSON only, whatever the client's Accept says (see the README): application/json,
        // or the JSON type the success documents (`application/sarif+json`), which the caller passes as Accept.
        mediaTypes: [
          /^application\/[\w.+-]*\+json$/i.test(request.headers.accept ?? '')
            ? request.headers.accept!
            : 'application/json',
        ],
      };
      if (preferences?.code !== undefined) mock.code = preferences.code;
      if (preferences?.exampleKey !== undefined) mock.exampleKey = preferences.exampleKey;
      const seed = preferences?.seed ?? options.seed;
      if (seed !== undefined) mock.seed = seed;
      const input: IHttpRequest = {
        method: operation.method,
        url: { path: request.path, query: { ...request.query } },
        headers: { ...request.headers },
        body: request.body,
      };
      const result = (await prism.request(input, [resource], { ...base, mock })()) as
        | { _tag: 'Left'; left: Error & { status?: number; detail?: string } }
        | { _tag: 'Right'; right: { output: IHttpResponse } };
      if (result._tag === 'Left') return translateFailure(result.left, preferences !== undefined);
      const { output } = result.right;
      return { ok: true, status: output.statusCode, body: output.body, headers: passThroughHeaders(output.headers) };
    },
  };
}

/** Prism's problem+json failures become the contract's Error, with a 4xx status. */
function translateFailure(error: Error & { status?: number; detail?: string }, preferred: boolean): SpecAnswer {
  const type = error.name.split('#')[1] ?? '';
  const message = (error.detail ?? error.message).slice(0, 300);
  switch (type) {
    case 'NOT_FOUND':
      // With the route already resolved, Prism's NOT_FOUND means the preferred code or example is not in
      // the spec: the client's mistake (400), not a missing route (404).
      return { ok: false, internal: false, error: mockError(400, 'prefer_not_documented', message) };
    case 'UNAUTHORIZED':
      return { ok: false, internal: false, error: unauthorized(message) };
    case 'UNPROCESSABLE_ENTITY':
    case 'VIOLATIONS':
      return { ok: false, internal: false, error: mockError(400, 'invalid_body', message) };
    case 'NOT_ACCEPTABLE':
      return { ok: false, internal: false, error: mockError(406, 'not_acceptable', message) };
    case 'INVALID_CONTENT_TYPE':
      return { ok: false, internal: false, error: mockError(415, 'unsupported_media_type', message) };
    default:
      // e.g. "dynamic=true" on a response without a schema: a request the spec cannot satisfy.
      if (preferred) return { ok: false, internal: false, error: mockError(400, 'invalid_prefer', message) };
      return { ok: false, internal: true, error: mockError(400, 'mock_error', message) };
  }
}

// Prism adds Content-type and deprecation itself; the mock sets both, so only spec-declared headers pass.
function passThroughHeaders(headers: IHttpResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-type' || lower === 'deprecation' || value === null || value === undefined) continue;
    out[name] = String(value);
  }
  return out;
}
