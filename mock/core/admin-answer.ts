import { maskWriteOnly } from '../../spec/mask-write-only.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { specDocument } from '../admin/spec-document.js';
import { methodNotAllowed, notFound } from '../errors.js';
import type { CoreParts, CoreRequest, Served } from './types.js';

const RESET_PATH = '/__mock/reset';
const REQUESTS_PATH = '/__mock/requests';
const SPEC_PATH = '/__mock/openapi.json';

/**
 * The answer of the mock's own routes under `/__mock/`: the spec served (`openapi.json`), the
 * request list (`requests`, with the admin routes on) and `reset`.
 */
export function adminAnswer(req: CoreRequest, path: string, current: Served, parts: CoreParts): Answer {
  const { method } = req;
  const { requests, cors } = parts;
  if (path === SPEC_PATH || (requests && path === REQUESTS_PATH)) {
    const allow = path === SPEC_PATH ? ['GET'] : ['GET', 'DELETE'];
    if (method === 'OPTIONS')
      return {
        status: 204,
        json: undefined,
        headers: { Allow: allow.join(', '), ...cors.preflightHeadersFor(req, allow) },
      };
    if (!allow.includes(method)) return errorAnswer(methodNotAllowed(method, allow));
    if (path === SPEC_PATH) return specDocument(current.spec);
    if (method === 'DELETE') {
      requests!.clear();
      return jsonAnswer(200, JSON.stringify({ cleared: true }));
    }
    const listed = requests!.list(
      (r) => parts.secretsOf(r.headers, r.target),
      (r, body) =>
        r.operationId === undefined
          ? body
          : maskWriteOnly(current.spec.operation(r.operationId)?.requestBody?.schema.schema, body),
    );
    return jsonAnswer(200, JSON.stringify({ requests: listed, count: listed.length, capacity: requests!.capacity }));
  }
  if (!parts.options.admin || path !== RESET_PATH) return errorAnswer(notFound(path));
  // A browser end-to-end test may reset from the page, which needs a preflight.
  if (method === 'OPTIONS')
    return { status: 204, json: undefined, headers: { Allow: 'POST', ...cors.preflightHeadersFor(req, ['POST']) } };
  if (method !== 'POST') return errorAnswer(methodNotAllowed(method, ['POST']));
  parts.resources.reset();
  requests?.clear();
  return jsonAnswer(200, JSON.stringify({ reset: true, collections: parts.resources.counts() }));
}
