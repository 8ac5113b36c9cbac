import type { OperationModel, SpecModel } from '../spec/index.js';
import { type MockError, methodNotAllowed, mockError, notFound } from './errors.js';

/** Where a request goes: an operation with its decoded path parameters, or the error to answer with. */
export type RouteResult =
  | { readonly ok: true; readonly operation: OperationModel; readonly pathParams: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly error: MockError; readonly allow?: readonly string[] };

/** Routes requests to the spec's operations under its base path. */
export interface Router {
  /** `path` is the request path as sent (with the base path, without the query). */
  route(method: string, path: string): RouteResult;
  /** The methods a path supports, upper-case, or undefined when no operation has this path. */
  allowedMethods(path: string): readonly string[] | undefined;
}

interface PathEntry {
  readonly operations: ReadonlyMap<string, OperationModel>;
  readonly allow: readonly string[];
  readonly match: (path: string) => Record<string, string> | undefined;
}

/** Builds the router of a loaded spec: base path first, then the spec's own path matchers. */
export function createRouter(spec: SpecModel): Router {
  // Templates that differ only in their parameters' names (`/codereviews/{review-id}` for GET,
  // `/codereviews/{project-id}` for POST) are one path: their methods are one Allow list.
  const byTemplate = new Map<string, Map<string, OperationModel>>();
  for (const operation of spec.operations) {
    const shape = operation.path.replace(/\{[^{}]+\}/g, '{}');
    const entry = byTemplate.get(shape) ?? new Map<string, OperationModel>();
    if (!entry.has(operation.method.toUpperCase())) entry.set(operation.method.toUpperCase(), operation);
    byTemplate.set(shape, entry);
  }
  // Concrete paths win over templated ones (`/pets/mine` before `/pets/{petId}`), as in OpenAPI; among
  // templates with as many parameters, the one with more literal text (`/tags/{arn}#tagKeys`, an
  // action's own path in AWS specs, before `/tags/{arn}`, whose parameter would swallow the suffix).
  const entries: PathEntry[] = [...byTemplate.entries()]
    .sort(([a], [b]) => templateCount(a) - templateCount(b) || literalLength(b) - literalLength(a))
    .map(([, operations]) => {
      const first = operations.values().next().value as OperationModel;
      return { operations, allow: [...operations.keys()], match: (p: string) => first.matchPath(p) };
    });
  const base = spec.basePath;

  function find(path: string): { entry: PathEntry; raw: Record<string, string>; relative: string } | undefined {
    if (!path.startsWith(base) || path.length === base.length || path[base.length] !== '/') return undefined;
    const relative = path.slice(base.length);
    for (const entry of entries) {
      const raw = entry.match(relative);
      if (raw) return { entry, raw, relative };
    }
    return undefined;
  }

  return {
    route(method, path) {
      const found = find(path);
      if (!found) return { ok: false, error: notFound(path) };
      const operation = found.entry.operations.get(method);
      if (!operation)
        return { ok: false, error: methodNotAllowed(method, found.entry.allow), allow: found.entry.allow };
      const pathParams: Record<string, string> = {};
      // Each operation names the values by its own template's parameters.
      const raw = operation.matchPath(found.relative) ?? found.raw;
      for (const [name, value] of Object.entries(raw)) {
        try {
          pathParams[name] = decodeURIComponent(value);
        } catch {
          return {
            ok: false,
            error: mockError(400, 'invalid_parameter', `path parameter '${name}' is not valid percent-encoding`),
          };
        }
      }
      return { ok: true, operation, pathParams };
    },
    allowedMethods(path) {
      return find(path)?.entry.allow;
    },
  };
}

function templateCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

/** Characters of a template outside its parameters (`/tags/{}#tagKeys`: 14). */
function literalLength(template: string): number {
  return template.replace(/\{\}/g, '').length;
}
