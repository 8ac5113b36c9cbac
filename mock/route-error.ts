import type { OperationModel, SpecModel } from '../spec/index.js';
import { errorResponseFor } from './resources/conform-error.js';
import type { Router } from './router.js';

/**
 * The operation whose documented errors a route error (404 for a path no operation has, 405 for a
 * method the path lacks, 400 for a path that does not decode) takes its body from: the path's own
 * operation for a 405; for other paths, the operation the path names once proxies' normalisations
 * are undone (doubled slashes, `.` and `..` segments, a trailing slash, an encoded slash, matrix
 * parameters, letter case); else the first operation that documents an error for the status.
 */
export function nearestOperation(
  spec: SpecModel,
  router: Router,
  method: string,
  path: string,
  status: number,
): OperationModel | undefined {
  for (const candidate of [path, normalised(path)]) {
    const allow = router.allowedMethods(candidate);
    if (!allow) continue;
    const route = router.route(allow.includes(method) ? method : allow[0]!, candidate);
    if (route.ok) return route.operation;
  }
  const lower = normalised(path).toLowerCase();
  const byCase = spec.operations.find(
    (op) =>
      op.matchPath(lower.startsWith(spec.basePath.toLowerCase()) ? lower.slice(spec.basePath.length) : lower) !==
      undefined,
  );
  if (byCase) return byCase;
  return spec.operations.find((op) => errorResponseFor(op, status) !== undefined);
}

function normalised(path: string): string {
  let text = path.replace(/%2f/gi, '/').replace(/;[^/]*/g, '');
  const out: string[] = [];
  for (const segment of text.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  text = `/${out.join('/')}`;
  return text;
}
