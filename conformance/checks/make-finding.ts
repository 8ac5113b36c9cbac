import type { CheckName } from './registry.js';
import type { Case, Exchange } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import {
  type Basis,
  cutBody,
  type EvidenceByCode,
  type Finding,
  type FindingCode,
  type FindingOf,
  type ResponseRecord,
  type Severity,
} from '../findings/index.js';

/** Context every check receives besides the exchange. */
export interface CheckInput {
  readonly exchange: Exchange;
  readonly operation: import('../../spec/index.js').OperationModel;
}

/** A check: a pure function from one exchange to findings. It never sends a request. */
export type Check = (input: CheckInput) => Finding[];

/** Trims a response for reports. */
export function responseRecord(exchange: Exchange): ResponseRecord | undefined {
  const r = exchange.response;
  if (!r) return undefined;
  const { body, bodyCut } = cutBody(r.bodyText);
  return {
    status: r.status,
    headers: r.headers,
    body,
    truncated: bodyCut !== undefined,
    ...(bodyCut ? { bodyCut } : {}),
    durationMs: Math.round(r.durationMs),
  };
}

/** The fields a check gives for a finding of code `C`: its typed evidence, never a sentence. */
export interface FindingFields<C extends FindingCode> {
  readonly code: C;
  readonly severity: Severity;
  readonly check: CheckName;
  readonly gap?: string;
  readonly evidence: EvidenceByCode[C];
  /** What the finding rests on, when the check knows better than `basisOf`'s default (findings/basis.ts). */
  readonly basis?: Basis;
}

/** Builds a finding about an exchange, attaching the request and the trimmed response. */
export function findingOf<C extends FindingCode>(exchange: Exchange, fields: FindingFields<C>): FindingOf<C> {
  const response = responseRecord(exchange);
  return {
    operationId: exchange.case.operationId,
    ...fields,
    request: exchange.request,
    ...(response ? { response } : {}),
  } as FindingOf<C>;
}

/** The media type of a response without parameters, lower-case. */
export function mediaTypeOf(headers: Readonly<Record<string, string>>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Whether a request went outside its operation: to a literal path variant (a trailing slash, a
 * dot-segment, another route), with a path parameter that is a dot-segment, or with a method the
 * operation is not (HEAD aside, which is GET without content). Its answer is another resource's, or none's: never judged against the
 * operation's response schemas, media types or statuses.
 */
export function outsideOperation(c: Case, operation: OperationModel): boolean {
  if (c.literalPath !== undefined) return true;
  // A path parameter of `.` or `..` names no resource under the operation's path: a server that
  // normalises percent-encoding (RFC 3986 §6.2.2.2) removes the dot-segment (§6.2.2.3) and answers
  // for the parent path.
  if (Object.values(c.pathParams).some((value) => value === '.' || value === '..')) return true;
  const method = c.method?.toLowerCase();
  return method !== undefined && method !== operation.method && !(method === 'head' && operation.method === 'get');
}

/**
 * Whether an answer is the HTTP layer's refusal of a request line or header section too large to
 * read (414, 431: RFC 9110 §15.5.15, RFC 6585 §5). It comes before any route (Node answers 431 with
 * no body), so its body and media type are not the operation's to judge.
 */
export function refusedBeforeRouting(status: number): boolean {
  return status === 414 || status === 431;
}
