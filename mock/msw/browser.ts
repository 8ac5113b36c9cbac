/**
 * The stateful mock as Mock Service Worker handlers for the browser (`setupWorker` from
 * `msw/browser`), or any runtime with fetch and no Node built-ins: the same request handling as the
 * listening mock (`mock/core.ts`), built from a spec object instead of a file.
 * @packageDocumentation
 */
import { http, type HttpHandler } from 'msw';
import { inferResources } from '../../spec/resources/infer-resources.js';
import type { SpecModel } from '../../spec/model.js';
import { specFromDocument } from '../../spec/spec-from-document.js';
import animalStoreYaml from '../../spec/openapi.yaml';
import { type CoreMockOptions, resolveCoreOptions } from '../core-options.js';
import { type MockCore, createMockCore } from '../core/index.js';
import { createExampleEngine } from '../example-engine.js';
import { DEFAULT_MSW_ORIGIN, answerRequest } from './answer-request.js';

export { DEFAULT_MSW_ORIGIN };

/** Options of {@link createBrowserMock}. */
export interface BrowserMockOptions extends CoreMockOptions {
  /** Scheme, host and port whose requests the handlers answer. Default {@link DEFAULT_MSW_ORIGIN}. */
  readonly origin?: string;
  /**
   * The OpenAPI 3.0/3.1 document: an object, or the URL of its YAML or JSON (fetched once). It must be
   * bundled into one document (no `$ref` to another file). Default: the Animal Store spec, embedded.
   */
  readonly spec?: Readonly<Record<string, unknown>> | string | URL;
  /** Serve under this base path instead of the one `servers[0]` names (`/` for none). */
  readonly basePath?: string;
  /**
   * Seed data (what `--data` reads): an object keyed by collection path or name, or an array of items
   * for a spec with one top-level collection. Collections it does not name take the domain plug-in's
   * seed (the Animal Store's `fixtures/pets.json`, embedded), else the spec's examples.
   */
  readonly data?: Readonly<Record<string, unknown>> | readonly unknown[];
}

/** A mock served through MSW handlers in the browser. */
export interface BrowserMock {
  /** Hand these to `setupWorker(...handlers)` (from `msw/browser`), or to `worker.use(...)`. */
  readonly handlers: readonly HttpHandler[];
  /** The API's base URL as the app should call it, base path included, e.g. `http://127.0.0.1:4010/v1`. */
  readonly url: string;
  /** The spec served. */
  readonly spec: SpecModel;
  /** The request handling behind the handlers. */
  readonly core: MockCore;
  /** Restores the seed data, e.g. in `afterEach`. `POST <origin>/__mock/reset` does the same. */
  reset(): void;
  /** Releases the mock (pending `X-Mock-Delay` waits end at once). */
  close(): void;
}

/**
 * Builds the stateful mock (key `dev-key` by default, request log and reset route on, quiet) from a
 * spec object and returns MSW handlers that answer every request to `origin` through it: the key
 * check, validation, the Error body, state, `Prefer`, `X-Mock-Delay`, `X-Mock-Fault` and
 * `POST /__mock/reset` behave as on the listening mock. What the stores do not answer comes from the
 * spec's examples and schemas instead of Prism (which needs Node): no random data, no documented
 * response headers. No file is read: no resource config beside the spec, no faults file.
 *
 * @throws the spec loader's `SpecLoadError` for a document it cannot model, or an Error for bad options.
 *
 * @example
 * ```ts
 * import { setupWorker } from 'msw/browser';
 * import { createBrowserMock } from 'openapi-contract-kit/msw/browser';
 *
 * const api = await createBrowserMock();
 * await setupWorker(...api.handlers).start();
 * ```
 */
export async function createBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const { origin = DEFAULT_MSW_ORIGIN, spec: given, basePath, data, ...coreOptions } = options;
  const base = new URL(origin).origin;
  const from = basePath === undefined ? {} : { basePath };
  const spec =
    given === undefined
      ? specFromDocument(animalStoreYaml, { name: 'openapi.yaml', ...from })
      : typeof given === 'string' || given instanceof URL
        ? specFromDocument(await fetchText(given), { name: String(given), ...from })
        : specFromDocument(given, from);
  const core = createMockCore({
    spec,
    options: resolveCoreOptions({ quiet: true, ...coreOptions }, (line) => console.log(line), true),
    engine: createExampleEngine,
    resources: {
      modelFor: (next) => ({ model: inferResources(next) }),
      ...(data === undefined ? {} : { data: { name: 'data', read: () => data } }),
    },
  });
  const handler = http.all(`${base}/*`, ({ request }) => answerRequest(core, request));
  return {
    handlers: [handler],
    url: `${base}${spec.basePath}`,
    get spec() {
      return core.spec;
    },
    core,
    reset: () => core.reset(),
    close: () => core.close(),
  };
}

async function fetchText(url: string | URL): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Cannot load spec ${String(url)}: HTTP ${response.status}`);
  return response.text();
}
