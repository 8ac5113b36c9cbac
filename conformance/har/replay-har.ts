import type { HarEntry } from '../../proxy/har.js';
import { requestViolations } from '../../proxy/validate-request.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import type { Case, Exchange } from '../cases/index.js';
import { type AuthFields, authEntries } from '../generate/index.js';
import { GENERIC_CHECKS } from '../checks/index.js';
import { Collector } from '../engine/collector.js';
import type { HttpClient } from '../send/index.js';
import type { CheckTally, ContractCoverage, Finding } from '../findings/index.js';
import { createCoverageTracker, observationOf } from '../contract-coverage/index.js';
import { isObject } from '../../spec/json/index.js';
import { decodePercent } from '../../spec/parameters/index.js';

/** What replaying a HAR file against a target gave. */
export interface HarReplay {
  /** Requests sent. */
  readonly requests: number;
  /** Entries left out, with why: outside the spec, or invalid as recorded (the checks judge valid requests). */
  readonly skipped: readonly { readonly entry: number; readonly why: string }[];
  readonly tallies: readonly CheckTally[];
  readonly findings: readonly Finding[];
  /** Every exchange, in order. */
  readonly exchanges: readonly Exchange[];
  /** What the replayed requests exercised of the contract. */
  readonly coverage: ContractCoverage;
}

const REDACTED = '[redacted]';
// Headers the kit sets itself, or that belong to the recorded connection, client or credentials.
const NOT_REPLAYED =
  /^(host|content-length|connection|keep-alive|transfer-encoding|authorization|proxy-authorization|cookie|accept-encoding|origin|referer|user-agent|sec-.*|x-forwarded-.*)$/i;
const ID_MEMBER = /(^id$|Id$|_id$)/;

/**
 * Replays a HAR file's requests against a target through the kit's own client (so with the run's
 * current credentials, never the recorded ones), and judges every answer with every generic check.
 * Requests outside the spec, or invalid as recorded, are skipped and listed. Ids the recording's
 * server handed out are translated to the ones the target hands out (a recorded create's `id`
 * becomes the replayed create's in later paths, queries and bodies), so a recorded session replays
 * as a session.
 */
export async function replayHar(
  spec: SpecModel,
  entries: readonly HarEntry[],
  client: Pick<HttpClient, 'send'>,
): Promise<HarReplay> {
  const collector = new Collector();
  const skipped: { entry: number; why: string }[] = [];
  const exchanges: Exchange[] = [];
  const ids = new Map<string, string>();
  const coverage = createCoverageTracker(spec);
  for (const [index, entry] of entries.entries()) {
    const planned = caseOf(spec, entry, ids);
    if (!planned.ok) {
      skipped.push({ entry: index, why: planned.why });
      continue;
    }
    const { operation, testCase } = planned;
    const exchange = await client.send(testCase, operation);
    exchanges.push(exchange);
    const seen = observationOf(exchange, operation);
    if (seen) coverage.observe(seen);
    for (const check of GENERIC_CHECKS) {
      if (check.applies && !check.applies(operation)) continue;
      const found = check.run({ exchange, operation });
      const name = check.name(testCase);
      const failed = found.some((f) => f.severity === 'failure');
      const warned = found.some((f) => f.severity === 'warning');
      collector.tally(
        operation.operationId,
        name,
        failed ? 'failed' : warned ? 'warnings' : 'passed',
        exchange.response?.durationMs ?? 0,
      );
      for (const f of found)
        if (f.severity === 'failure') collector.addFailure(f);
        else collector.note(f);
    }
    learnIds(entry, exchange, ids);
  }
  return {
    requests: exchanges.length,
    skipped,
    tallies: collector.tallies(),
    findings: collector.findings(),
    exchanges,
    coverage: coverage.result(),
  };
}

type Planned =
  | { readonly ok: true; readonly operation: OperationModel; readonly testCase: Case }
  | { readonly ok: false; readonly why: string };

/** The kit's case for a recorded request: its operation, path values, query, declared headers and body. */
function caseOf(spec: SpecModel, entry: HarEntry, ids: ReadonlyMap<string, string>): Planned {
  const url = new URL(entry.request.url);
  const routed = routeEntry(spec, entry.request.method, translatePath(url.pathname, ids));
  if (!routed) return { ok: false, why: `${entry.request.method} ${url.pathname} is not in the spec` };
  const { operation, pathParams } = routed;
  const credentialNames = new Set(
    [...spec.securitySchemes.values()].flatMap((s) => (s.kind === 'apiKey' ? [s.parameter.toLowerCase()] : [])),
  );
  const query = (entry.request.queryString ?? [])
    .filter((q) => q.value !== REDACTED && !credentialNames.has(q.name.toLowerCase()))
    .map((q) => [q.name, ids.get(q.value) ?? q.value] as const);
  const declared = new Set(operation.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()));
  const headers: Record<string, string> = {};
  for (const h of entry.request.headers ?? []) {
    const name = h.name.toLowerCase();
    if (h.value === REDACTED || NOT_REPLAYED.test(name) || credentialNames.has(name) || name === 'content-type')
      continue;
    if (declared.has(name) || name === 'accept' || name === 'prefer') headers[name] = h.value;
  }
  const post = entry.request.postData;
  const text = post?.text === undefined ? undefined : translateText(post.text, ids);
  const testCase: Case = {
    operationId: operation.operationId,
    family: 'har',
    pathParams,
    query,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(text !== undefined
      ? { body: { kind: 'raw', text, ...(post?.mimeType ? { contentType: post.mimeType } : {}) } }
      : {}),
    ...authOf(operation, entry, credentialNames),
  };
  // A recorded request the spec calls invalid is not one every check may judge as valid: left out.
  const search = new URLSearchParams(query.map(([k, v]) => [k, v])).toString();
  const violations = requestViolations(spec, operation, {
    pathParams,
    search,
    headers: {
      ...headers,
      ...(post?.mimeType ? { 'content-type': post.mimeType } : {}),
    },
    body: new TextEncoder().encode(text ?? ''),
  }).filter((v) => v.evidence.place !== 'credential');
  if (violations.length > 0) {
    const v = violations[0]!.evidence;
    return {
      ok: false,
      why: `${operation.operationId}: invalid as recorded (${v.place}${v.name ? ` ${v.name}` : ''}${v.pointer}: ${v.wanted})`,
    };
  }
  return { ok: true, operation, testCase };
}

/**
 * How a recorded request authenticates when replayed: with the run's valid credential, except a
 * recorded refusal (401) of an operation that requires one. That is replayed with a credential the
 * target must refuse too (a wrong one where the recording carried one, none where it carried none;
 * the recorded value is never sent), so the session's refusal is judged as a refusal (its status,
 * challenge and Error body) instead of turning into one more authorised call.
 */
function authOf(
  operation: OperationModel,
  entry: HarEntry,
  credentialNames: ReadonlySet<string>,
): AuthFields & {
  kind: Case['kind'];
} {
  if (entry.response?.status !== 401 || operation.security.access !== 'required')
    return { kind: 'valid', auth: 'valid' };
  const refused = authEntries(operation).refused.filter((f) => f.authScheme === undefined);
  const named = (pairs: readonly { name: string }[] | undefined, names: (name: string) => boolean) =>
    (pairs ?? []).some((p) => names(p.name.toLowerCase()));
  const carried =
    named(entry.request.headers, (n) => n === 'authorization' || credentialNames.has(n)) ||
    named(entry.request.queryString, (n) => credentialNames.has(n)) ||
    named(entry.request.cookies, (n) => credentialNames.has(n));
  const picked = carried
    ? (refused.find((f) => f.auth === 'unknown-key') ?? refused.find((f) => f.auth !== 'none'))
    : refused.find((f) => f.auth === 'none');
  return picked ? { kind: 'auth', ...picked } : { kind: 'valid', auth: 'valid' };
}

/** The operation a recorded request went to, and its decoded path values; undefined outside the spec. */
export function routeEntry(
  spec: SpecModel,
  method: string,
  path: string,
): { operation: OperationModel; pathParams: Record<string, string> } | undefined {
  const relative = spec.basePath !== '' && path.startsWith(spec.basePath) ? path.slice(spec.basePath.length) : path;
  for (const operation of spec.operations) {
    if (operation.method !== method.toLowerCase()) continue;
    const raw = operation.matchPath(relative);
    if (!raw) continue;
    const pathParams: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) pathParams[name] = decodePercent(value);
    return { operation, pathParams };
  }
  return undefined;
}

/** Learns which ids the target handed out in place of the recorded ones (top-level id members, Location). */
function learnIds(entry: HarEntry, exchange: Exchange, ids: Map<string, string>): void {
  const recorded = parse(entry.response?.content?.text);
  const replayed = exchange.response?.json;
  if (isObject(recorded) && isObject(replayed)) {
    for (const [name, value] of Object.entries(recorded)) {
      const now = replayed[name];
      if (!ID_MEMBER.test(name) || (typeof value !== 'string' && typeof value !== 'number')) continue;
      if ((typeof now === 'string' || typeof now === 'number') && String(now) !== String(value))
        ids.set(String(value), String(now));
    }
  }
}

function translatePath(path: string, ids: ReadonlyMap<string, string>): string {
  if (ids.size === 0) return path;
  return path
    .split('/')
    .map((segment) => {
      const id = ids.get(decodePercent(segment));
      return id === undefined ? segment : encodeURIComponent(id);
    })
    .join('/');
}

function translateText(text: string, ids: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of ids) out = out.split(JSON.stringify(from)).join(JSON.stringify(to));
  return out;
}

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
