import type { HarEntry } from '../../proxy/har.js';
import type { OperationModel, ParameterModel, SpecModel } from '../../spec/index.js';
import { checkParameterText } from '../../spec/parameters/index.js';
import { isStyled } from '../../mock/request-input.js';
import { routeEntry } from './replay-har.js';

const REDACTED = '[redacted]';
/** Recorded values kept per parameter or body, newest first: enough to seed, not to flood. */
const MAX_PER_SLOT = 5;

/**
 * The spec model with what real clients sent put first among the examples: each plain parameter's
 * recorded values (typed by the spec's parser, kept only when its validator takes them) and each
 * recorded JSON request body. The kit's ordinary request of an operation takes the first valid
 * example, and its coverage phase varies landmarks around that request: so the values real clients
 * send are the ones explored around. Credentials and redacted values are never taken.
 */
export function withRecordedExamples(spec: SpecModel, entries: readonly HarEntry[]): SpecModel {
  const params = new Map<ParameterModel, unknown[]>();
  const bodies = new Map<OperationModel, unknown[]>();
  const add = <K>(map: Map<K, unknown[]>, key: K, value: unknown) => {
    const list = map.get(key) ?? [];
    if (list.length < MAX_PER_SLOT && !list.some((v) => JSON.stringify(v) === JSON.stringify(value))) list.push(value);
    map.set(key, list);
  };
  const credentials = new Set(
    [...spec.securitySchemes.values()].flatMap((s) => (s.kind === 'apiKey' ? [s.parameter.toLowerCase()] : [])),
  );
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry.request.url);
    } catch {
      continue;
    }
    const routed = routeEntry(spec, entry.request.method, url.pathname);
    if (!routed) continue;
    const { operation, pathParams } = routed;
    for (const p of operation.parameters) {
      if (credentials.has(p.name.toLowerCase()) || (p.in !== 'path' && isStyled(p))) continue;
      const raw =
        p.in === 'path'
          ? pathParams[p.name]
          : p.in === 'query'
            ? entry.request.queryString?.find((q) => q.name === p.name)?.value
            : p.in === 'header'
              ? entry.request.headers?.find((h) => h.name.toLowerCase() === p.name.toLowerCase())?.value
              : undefined;
      if (raw === undefined || raw === REDACTED) continue;
      const parsed = checkParameterText(p, raw);
      if (parsed.ok) add(params, p, parsed.value);
    }
    const text = entry.request.postData?.text;
    const schema = operation.requestBody?.schema;
    if (text !== undefined && schema && !text.includes(REDACTED)) {
      try {
        const body = JSON.parse(text) as unknown;
        if (schema.validate(body).ok) add(bodies, operation, body);
      } catch {
        // Not JSON: nothing to seed with.
      }
    }
  }
  if (params.size === 0 && bodies.size === 0) return spec;
  const operations = spec.operations.map((op): OperationModel => {
    const recordedBodies = bodies.get(op);
    const parameters = op.parameters.map((p) => {
      const values = params.get(p);
      return values ? { ...p, examples: [...values, ...p.examples] } : p;
    });
    return {
      ...op,
      parameters,
      ...(op.requestBody && recordedBodies
        ? {
            requestBody: {
              ...op.requestBody,
              examples: {
                ...Object.fromEntries(recordedBodies.map((b, i) => [`recorded-${i + 1}`, b])),
                ...op.requestBody.examples,
              },
            },
          }
        : {}),
    };
  });
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  return { ...spec, operations, operation: (id) => byId.get(id) };
}
