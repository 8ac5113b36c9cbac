import { type OperationModel, type SpecModel, mergeAllOf } from '../../spec/index.js';
import { findMediaType } from '../../spec/media/index.js';
import type { Exchange } from '../cases/index.js';
import type { ContractCoverage, CoverageRatio, OperationCoverage } from '../findings/index.js';

/** What one exchange exercised of its operation: the answer's status and media type, the parameters and members sent. */
export interface CoverageObservation {
  readonly operationId: string;
  /** The answer's status, when one came. */
  readonly status?: number;
  /** The answer's Content-Type header, when it had one. */
  readonly contentType?: string;
  /** Parameters sent, `in:name` (header names lower-case). */
  readonly parameters: Iterable<string>;
  /** Top-level members of the request body sent. */
  readonly members: Iterable<string>;
}

/** Accumulates observations into a {@link ContractCoverage}. */
export interface CoverageTracker {
  observe(observation: CoverageObservation): void;
  result(): ContractCoverage;
}

interface OperationCells {
  requests: number;
  readonly responses: Set<string>;
  readonly parameters: Set<string>;
  readonly members: Set<string>;
}

/** A tracker over the spec's operations: every documented cell starts unreached. */
export function createCoverageTracker(spec: SpecModel): CoverageTracker {
  const cells = new Map<string, OperationCells>();
  for (const op of spec.operations)
    cells.set(op.operationId, { requests: 0, responses: new Set(), parameters: new Set(), members: new Set() });
  return {
    observe(o) {
      const operation = spec.operation(o.operationId);
      const mine = cells.get(o.operationId);
      if (!operation || !mine) return;
      mine.requests++;
      if (o.status !== undefined) {
        const response = operation.responseFor(o.status);
        if (response) {
          const keys = Object.keys(response.content);
          const media = keys.length === 0 ? '' : findMediaType(keys, o.contentType ?? '');
          if (media !== undefined) mine.responses.add(`${response.status}\u0000${media}`);
        }
      }
      for (const p of o.parameters) mine.parameters.add(p);
      for (const m of o.members) mine.members.add(m);
    },
    result() {
      return summarizeCoverage(spec.operations.map((op) => operationCoverage(op, cells.get(op.operationId)!)));
    },
  };
}

/** The ratios of a coverage from its cells. */
export function summarizeCoverage(byOperation: readonly OperationCoverage[]): ContractCoverage {
  const ratio = (reached: number, total: number): CoverageRatio => ({
    reached,
    total,
    percent: total === 0 ? 100 : Math.floor((reached / total) * 1000) / 10,
  });
  const sum = (pick: (o: OperationCoverage) => readonly { reached: boolean }[]) =>
    ratio(
      byOperation.reduce((n, o) => n + pick(o).filter((c) => c.reached).length, 0),
      byOperation.reduce((n, o) => n + pick(o).length, 0),
    );
  const responses = sum((o) => o.responses);
  const parameters = sum((o) => o.parameters);
  const members = sum((o) => o.members);
  return {
    operations: ratio(byOperation.filter((o) => o.requests > 0).length, byOperation.length),
    responses,
    parameters,
    members,
    percent: ratio(
      responses.reached + parameters.reached + members.reached,
      responses.total + parameters.total + members.total,
    ).percent,
    byOperation,
  };
}

/** Two coverages of the same spec as one: a cell is reached when either reached it. */
export function mergeCoverage(a: ContractCoverage, b: ContractCoverage): ContractCoverage {
  const other = new Map(b.byOperation.map((o) => [o.operationId, o]));
  return summarizeCoverage(
    a.byOperation.map((o) => {
      const p = other.get(o.operationId);
      if (!p) return o;
      return {
        operationId: o.operationId,
        requests: o.requests + p.requests,
        responses: o.responses.map((c, i) => ({ ...c, reached: c.reached || p.responses[i]?.reached === true })),
        parameters: o.parameters.map((c, i) => ({ ...c, reached: c.reached || p.parameters[i]?.reached === true })),
        members: o.members.map((c, i) => ({ ...c, reached: c.reached || p.members[i]?.reached === true })),
      };
    }),
  );
}

function operationCoverage(op: OperationModel, seen: OperationCells): OperationCoverage {
  const responses = Object.values(op.responses).flatMap((r) =>
    (r.mediaTypes.length === 0 ? [''] : r.mediaTypes).map((mediaType) => ({
      status: r.status,
      mediaType,
      reached: seen.responses.has(`${r.status}\u0000${mediaType}`),
    })),
  );
  const parameters = op.parameters.map((p) => ({
    name: p.name,
    in: p.in,
    reached: seen.parameters.has(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`),
  }));
  return {
    operationId: op.operationId,
    requests: seen.requests,
    responses,
    parameters,
    members: bodyMembers(op, seen),
  };
}

/** The top-level members of every media type's request body schema (allOf merged), once each. */
function bodyMembers(op: OperationModel, seen: OperationCells): OperationCoverage['members'] {
  const names = new Set<string>();
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    const schema = media.schema ? mergeAllOf(media.schema.schema) : undefined;
    const properties = schema?.properties;
    if (properties && typeof properties === 'object') for (const name of Object.keys(properties)) names.add(name);
  }
  return [...names].map((name) => ({ name, reached: seen.members.has(name) }));
}

/**
 * What a kit exchange exercised: its case's parameters and body members, and the answer. Probes sent
 * with another method or a literal path exercise no documented operation.
 */
export function observationOf(exchange: Exchange, operation: OperationModel): CoverageObservation | undefined {
  const c = exchange.case;
  if (c.literalPath !== undefined || (c.method !== undefined && c.method.toLowerCase() !== operation.method))
    return undefined;
  const parameters = new Set<string>();
  for (const name of Object.keys(c.pathParams)) parameters.add(`path:${name}`);
  for (const [name] of c.query) parameters.add(`query:${name}`);
  for (const fragment of c.rawQuery ?? []) parameters.add(`query:${fragment.split(/[=[]/)[0]}`);
  for (const name of Object.keys(c.headers ?? {})) parameters.add(`header:${name.toLowerCase()}`);
  for (const pair of c.cookies ?? []) parameters.add(`cookie:${pair.split('=')[0]}`);
  for (const p of operation.parameters)
    if (p.in === 'header' && exchange.request.headers[p.name.toLowerCase()] !== undefined)
      parameters.add(`header:${p.name.toLowerCase()}`);
  let body: unknown;
  if (c.body?.kind === 'json') body = c.body.value;
  else if (c.body?.kind === 'raw') body = parseJson(c.body.text);
  return {
    operationId: operation.operationId,
    ...(exchange.response
      ? {
          status: exchange.response.status,
          ...(exchange.response.headers['content-type'] !== undefined
            ? { contentType: exchange.response.headers['content-type'] }
            : {}),
        }
      : {}),
    parameters,
    members: membersOf(body),
  };
}

/** The top-level member names of a request body, when it is an object. */
export function membersOf(body: unknown): string[] {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
