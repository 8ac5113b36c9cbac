import { addRoute, createRouter as createRadixTree, findRoute } from 'rou3';
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
  /** Entries ranked before this one whose templates could match the same paths (checked first). */
  readonly before: readonly PathEntry[];
}

/**
 * Builds the router of a loaded spec: base path first, then the spec's own path matchers.
 *
 * Which template wins is decided by one ranking (below); rou3's radix tree only finds a
 * candidate fast, so a spec with a thousand paths (GitHub's) does not pay a scan per request. The
 * spec's own matcher then confirms the candidate and reads the raw values, and entries ranked
 * before it that could match the same path are tried first: the answer is the ranking's, whatever
 * order the tree prefers. A path the tree does not find (or finds differently, as it decodes
 * before matching) falls back to the ranked scan.
 */
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
  const ranked = [...byTemplate.entries()].sort(
    ([a], [b]) => templateCount(a) - templateCount(b) || literalLength(b) - literalLength(a),
  );
  const entries: PathEntry[] = [];
  const tree = createRadixTree<PathEntry>();
  for (const [shape, operations] of ranked) {
    const first = operations.values().next().value as OperationModel;
    const entry: PathEntry = {
      operations,
      allow: [...operations.keys()],
      match: (p: string) => first.matchPath(p),
      before: entries.filter((earlier, i) => mayOverlap(ranked[i]![0], shape)),
    };
    entries.push(entry);
    const route = radixRoute(shape);
    // One route per path for every method: the entry itself is the route's data.
    if (route !== undefined) addRoute(tree, '', route, entry);
  }
  const base = spec.basePath;

  function scan(relative: string): { entry: PathEntry; raw: Record<string, string> } | undefined {
    for (const entry of entries) {
      const raw = entry.match(relative);
      if (raw) return { entry, raw };
    }
    return undefined;
  }

  function find(path: string): { entry: PathEntry; raw: Record<string, string>; relative: string } | undefined {
    if (!path.startsWith(base) || path.length === base.length || path[base.length] !== '/') return undefined;
    const relative = path.slice(base.length);
    const candidate = findRoute(tree, '', relative, { params: false })?.data;
    const raw = candidate?.match(relative);
    if (!candidate || !raw) {
      const found = scan(relative);
      return found && { ...found, relative };
    }
    for (const earlier of candidate.before) {
      const earlierRaw = earlier.match(relative);
      if (earlierRaw) return { entry: earlier, raw: earlierRaw, relative };
    }
    return { entry: candidate, raw, relative };
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

/**
 * The template in rou3's syntax, or undefined when the tree cannot say it exactly: a segment that
 * mixes a parameter with text (`{name}.json`), an empty or dot segment, or text the tree reads as
 * syntax (`:`, `*`, `(`, `{`, `?`, `+`) or encodes (`%`, non-ASCII). Such templates are found by the scan.
 */
function radixRoute(shape: string): string | undefined {
  const segments = shape.split('/').slice(1);
  let param = 0;
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '{}') out.push(`:p${param++}`);
    else if (/^[A-Za-z0-9._~!$&',;=@-]+$/.test(segment) && segment !== '.' && segment !== '..') out.push(segment);
    else return undefined;
  }
  return `/${out.join('/')}`;
}

/** Whether two templates could match one path: as many segments, and no two different literal segments. */
function mayOverlap(a: string, b: string): boolean {
  // Every template also matches its path with one trailing slash (`/pets` matches `/pets/`).
  const left = a.replace(/\/$/, '').split('/');
  const right = b.replace(/\/$/, '').split('/');
  if (left.length !== right.length) return false;
  return left.every((segment, i) => segment === right[i] || segment.includes('{') || right[i]!.includes('{'));
}

function templateCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

/** Characters of a template outside its parameters (`/tags/{}#tagKeys`: 14). */
function literalLength(template: string): number {
  return template.replace(/\{\}/g, '').length;
}
