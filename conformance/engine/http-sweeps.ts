import type { Case, Exchange, InvalidReason, WireJson } from '../cases/index.js';
import { judgeChallengeConsistency } from '../checks/auth-challenge.js';
import { judgeConditional, judgeNotModified } from '../checks/conditional.js';
import { uniformErrorSchema } from '../checks/error-schema.js';
import { judgeLocation } from '../checks/location.js';
import { judgeMemberOrder, judgeStoredWhole } from '../checks/stored-whole.js';
import { clientChoosesId } from '../domain/generic/lifecycle.js';
import { ExchangeLog } from '../sweep/index.js';
import {
  ASSUMED_CREDENTIALS,
  authEntries,
  isFreeText,
  landmarksOf,
  mergeAllOf,
  ordinaryParts,
  parameterText,
  sendsJson,
  toValidCase,
} from '../generate/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import { requiresAuth } from '../../spec/security/index.js';
import type { PropertyContext } from './kit-property.js';
import { allowSweeps } from './allow-sweep.js';
import { idOf } from './created-id.js';
import { connectionCloseSweep } from './connection-close-sweep.js';
import { headSweeps } from './head-sweeps.js';
import type { KitSweep } from './kit-property.js';
import { decodePercent } from '../../spec/parameters/index.js';
import { boundPairsSweep, takesBoundedBody } from './bound-pairs-sweep.js';
import { isCollectionOf } from './parent-path.js';

/** What the HTTP-semantics sweeps need besides the property context: the target, to resolve Location and path variants. */
export interface HttpSweepContext extends PropertyContext {
  /** The target base URL (with its base path, no trailing slash). */
  readonly target: string;
}

/** Sizes of the valid bodies tried below the target's own limit (the 16–64 KiB bands where buffers change). */
const BAND_BYTES = [20 * 1024, 40 * 1024, 62 * 1024];
/** Sizes of the over-size probe that looks for the target's limit (a 413), on bodies that cannot be stored. */
const LADDER_BYTES = [96 * 1024, 384 * 1024, 1536 * 1024];
/** Above this, a body the target accepted below its limit is not tried valid (it would weigh on every later list). */
const LARGEST_VALID_BYTES = 400 * 1024;
/** A route name no API has, for the unknown-route probe. */
const UNKNOWN_ROUTE = '/kit-no-such-route-7d41';

const isSuccess = (e: Exchange | undefined) =>
  e?.response !== undefined && e.response.status >= 200 && e.response.status < 300;
const writes = (operation: OperationModel) => !['get', 'head', 'options'].includes(operation.method);

/** One fixed, ordinary valid request of an operation. */
function sampleValid(operation: OperationModel, context: PropertyContext): Case {
  return toValidCase(operation, ordinaryParts(operation, context.known(operation.operationId), context.seed));
}

/** Encodes a path parameter value as one segment. */
const segment = (value: string) => encodeURIComponent(value);

/** The operation's path with the case's parameters, as the sender would write it (relative to the base URL). */
function concretePath(operation: OperationModel, c: Case): string {
  return operation.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => c.rawPath?.[name] ?? segment(c.pathParams[name] ?? ''),
  );
}

/** The target's base path (`/v1`), or '' for a target at the root. */
function basePathOf(target: string): string {
  return new URL(target).pathname.replace(/\/+$/, '');
}

/**
 * Variants of a concrete path (relative to the base URL) that proxies and routers normalise to it,
 * or that some routers match case-insensitively: each must either not exist (404, 405, a redirect)
 * or apply the route's own auth.
 */
export function pathVariants(
  path: string,
  basePath: string,
): { path: string; fromOrigin?: true; description: string }[] {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length === 0) return [];
  const [first, ...rest] = segments as [string, ...string[]];
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const last = segments.length - 1;
  const variants: { path: string; fromOrigin?: true; description: string }[] = [
    { path: `${path}/`, description: 'a trailing slash' },
    { path: `/${path}`, description: 'a doubled slash' },
    { path: `/.${path}`, description: 'a "." segment' },
    { path: `/kit-x/..${path}`, description: 'a ".." segment' },
    { path: join([`${first};jsessionid=kit`, ...rest]), description: 'a matrix parameter' },
    {
      path: join([`%${first.charCodeAt(0).toString(16).toUpperCase()}${first.slice(1)}`, ...rest]),
      description: 'a percent-encoded letter',
    },
  ];
  if (/[a-z]/.test(first))
    variants.push({ path: join([first.toUpperCase(), ...rest]), description: 'its first segment in upper case' });
  if (/[a-z]/.test(basePath))
    variants.push({
      path: `${basePath.toUpperCase()}${path}`,
      fromOrigin: true,
      description: 'the base path in upper case',
    });
  if (segments.length > 1) {
    const head = segments.slice(0, last).join('/');
    variants.push(
      { path: `/${head}//${segments[last]!}`, description: 'a doubled slash before the last segment' },
      { path: `/${head}/./${segments[last]!}`, description: 'a "." segment before the last segment' },
      { path: `/${head}/kit-x/../${segments[last]!}`, description: 'a ".." segment before the last segment' },
      { path: `/${head}%2F${segments[last]!}`, description: 'an encoded slash (%2F) before the last segment' },
      { path: `${path};kit=1`, description: 'a matrix parameter on the last segment' },
    );
  } else {
    variants.push({ path: `/%2F${first}`, description: 'an encoded slash (%2F) before it' });
  }
  return variants;
}

/**
 * The HTTP-semantics sweeps of a spec: path variants of every secured route without a credential;
 * methods the spec does not document (HEAD, OPTIONS, TRACE, PUT, PATCH, DELETE, POST) without one,
 * HEAD with one, an unknown route; conditional requests; the Location of created resources; and
 * bodies below the target's own size limit. What each judges is in the checks it names.
 */
export function httpSweeps(spec: SpecModel, context: HttpSweepContext, readOnly: boolean): KitSweep[] {
  const sweeps: KitSweep[] = [];
  const basePath = basePathOf(context.target);
  const byPath = new Map<string, OperationModel[]>();
  for (const op of spec.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const judged = async (cases: Case[]) => {
    const log = new ExchangeLog(context);
    for (const c of cases) await log.send(c);
    return log.execution();
  };

  for (const [path, operations] of byPath) {
    const secured = operations.filter((o) => requiresAuth(o.security));
    // The route's own request, without a credential: a GET where there is one, else an operation that does not write (or any, when writes are allowed).
    const main = secured.find((o) => o.method === 'get') ?? secured.find((o) => !writes(o) || !readOnly);
    if (main) {
      sweeps.push({
        id: `${main.operationId}/path-variants`,
        family: 'path-variants',
        operationId: main.operationId,
        execute: () => {
          const base = sampleValid(main, context);
          return judged(
            pathVariants(concretePath(main, base), basePath).map(
              (v): Case => ({
                ...base,
                family: 'path-variants',
                kind: 'probe',
                auth: 'none',
                existing: [],
                literalPath: v,
              }),
            ),
          );
        },
      });
    }

    const documented = new Set(operations.map((o) => o.method.toUpperCase()));
    const anchor = secured[0] ?? operations[0]!;
    const getter = operations.find((o) => o.method === 'get');
    const pathParameters = anchor.parameters.filter((p) => p.in === 'path');
    // A body for PUT, PATCH and POST: what creating at this path or its parent takes.
    const creator = spec.operations.find(
      (o) => o.method === 'post' && (o.path === path || isCollectionOf(o.path, path)) && o.requestBody && sendsJson(o),
    );
    sweeps.push({
      id: `${anchor.operationId}/methods-without-auth`,
      family: 'robustness',
      operationId: anchor.operationId,
      async execute() {
        const base = sampleValid(anchor, context);
        const log = new ExchangeLog(context);
        // On a path with parameters, the writes go to a resource made for them, so that a target
        // that obeys them harms nothing the run relies on. It is set-up, not under test: unjudged.
        let pathParams = base.pathParams;
        if (pathParameters.length > 0 && creator && isCollectionOf(creator.path, path) && !readOnly) {
          const made = await log.send(sampleValid(creator, context), false);
          const last = pathParameters.at(-1)!.name;
          const id = isSuccess(made) ? idOf(made, last) : undefined;
          if (id !== undefined) pathParams = { ...pathParams, [last]: id };
        }
        const body = creator ? sampleValid(creator, context).body : undefined;
        const probe = (method: string, auth: string, extra: Partial<Case> = {}): Case => {
          const { body: _, ...rest } = base;
          return {
            ...rest,
            pathParams,
            family: 'robustness',
            kind: 'probe',
            method,
            auth,
            existing: [],
            ...(['PUT', 'PATCH', 'POST'].includes(method) && body ? { body } : {}),
            ...extra,
          };
        };
        const cases: Case[] = [];
        if (getter && !documented.has('HEAD')) {
          cases.push(probe('HEAD', 'valid'));
          if (requiresAuth(getter.security)) cases.push(probe('HEAD', 'none'));
        }
        if (secured.length > 0) {
          const open = operations.find((o) => !requiresAuth(o.security));
          const outside = open ? { publicOnPath: `${open.method.toUpperCase()} ${open.path}` } : {};
          for (const method of ['OPTIONS', 'TRACE'])
            if (!documented.has(method)) cases.push(probe(method, 'none', outside));
          if (!documented.has('TRACE')) cases.push(probe('TRACE', 'unknown-key'));
          if (!readOnly) {
            for (const method of ['PUT', 'PATCH', 'POST', 'DELETE']) {
              // Never a DELETE on a path without parameters: it could empty a collection.
              if (documented.has(method) || (method === 'DELETE' && pathParameters.length === 0)) continue;
              cases.push(probe(method, 'none'));
            }
          }
        }
        for (const c of cases) await log.send(c);
        return log.execution();
      },
    });
  }

  // 401s to a few wrong credentials per operation: a target that challenges some and not others.
  for (const operation of spec.operations.filter((o) => requiresAuth(o.security) && !(readOnly && writes(o)))) {
    sweeps.push({
      id: `${operation.operationId}/challenges`,
      family: 'auth',
      operationId: operation.operationId,
      async execute() {
        const base = sampleValid(operation, context);
        const { refused } = authEntries(operation, context.credentialOf ?? ASSUMED_CREDENTIALS);
        const picked = [
          ...refused.filter((a) => a.auth === 'none'),
          ...refused.filter((a) => a.auth !== 'none').slice(0, 3),
        ];
        // The valid credential's own request (kept, not judged): see Case.validKeyStatus.
        const control = await context.send({ ...base, family: 'auth', kind: 'valid', auth: 'valid' });
        const validKeyStatus = control.response?.status;
        const result = await judged(
          picked.map(
            (auth): Case => ({
              ...base,
              family: 'auth',
              kind: 'auth',
              ...auth,
              ...(validKeyStatus === undefined ? {} : { validKeyStatus }),
            }),
          ),
        );
        return {
          exchanges: result.exchanges,
          findings: [...result.findings, ...judgeChallengeConsistency(result.exchanges, operation)],
        };
      },
    });
  }

  // An unknown route under the base path, with and without the credential: whatever the status, an
  // error there is an error of the API.
  const first =
    spec.operations.find((o) => o.method === 'get' && uniformErrorSchema(o)) ??
    spec.operations.find((o) => uniformErrorSchema(o)) ??
    spec.operations[0];
  if (first) {
    sweeps.push({
      id: `${first.operationId}/unknown-route`,
      family: 'robustness',
      operationId: first.operationId,
      execute: () => {
        const base = sampleValid(first, context);
        const literalPath = { path: UNKNOWN_ROUTE, description: 'a route the spec does not have' };
        const { body: _, ...rest } = base;
        return judged([
          { ...rest, query: [], family: 'robustness', kind: 'probe', method: 'GET', literalPath },
          ...(requiresAuth(first.security)
            ? [
                {
                  ...rest,
                  query: [],
                  family: 'robustness',
                  kind: 'probe',
                  method: 'GET',
                  auth: 'none',
                  literalPath,
                } satisfies Case,
              ]
            : []),
        ]);
      },
    });
  }

  for (const reader of spec.operations.filter((o) => o.method === 'get')) {
    const creator = readOnly
      ? undefined
      : spec.operations.find((o) => o.method === 'post' && o.path === reader.path && o.requestBody && sendsJson(o));
    sweeps.push({
      id: `${reader.operationId}/conditional`,
      family: 'conditional',
      operationId: reader.operationId,
      async execute() {
        const view = creator
          ? await visibleView(reader, creator, context)
          : { query: largestPage(reader, context).query, patch: {} };
        const base: Case = { ...sampleValid(reader, context), query: view.query, family: 'conditional' };
        const log = new ExchangeLog(context);
        const send = (c: Case) => log.send(c);
        const first = await send(base);
        const tag = first.response?.headers.etag;
        const guarded = requiresAuth(reader.security);
        if (guarded) await send({ ...base, kind: 'probe', auth: 'none', headers: { 'if-none-match': '*' } });
        if (!tag) return log.execution();
        if (guarded) await send({ ...base, kind: 'probe', auth: 'none', headers: { 'if-none-match': tag } });
        // The same GET naming the tag it just got: nothing changed, so the condition is false.
        const repeated = await send({ ...base, headers: { 'if-none-match': tag } });
        log.add(...judgeNotModified(first, repeated, reader.responses['304'] !== undefined));
        if (!creator) return log.execution();
        const made = sampleValid(creator, context);
        await send(withPatch(made, view.patch));
        const conditional = await send({ ...base, headers: { 'if-none-match': tag } });
        const fresh = await send(base);
        log.add(...judgeConditional({ first, conditional, fresh }));
        return log.execution();
      },
    });
  }

  for (const creator of spec.operations.filter((o) => o.method === 'post' && o.responses['201'] && !readOnly)) {
    sweeps.push({
      id: `${creator.operationId}/location`,
      family: 'location',
      operationId: creator.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        const own = await log.send(sampleValid(creator, context));
        // Where this creation was refused (a state the sample did not meet), one the run made earlier.
        const created =
          own.response?.status === 201 && own.response.headers.location !== undefined
            ? own
            : (context.created?.(creator.operationId) ?? own);
        const location = created.response?.status === 201 ? created.response.headers.location : undefined;
        if (!location) return log.execution();
        const requestUrl = new URL(`${context.target}${created.request.path}`);
        let resolved: URL;
        try {
          resolved = new URL(location, requestUrl);
        } catch {
          return log.execution();
        }
        // The credential never leaves the target's origin.
        if (resolved.origin !== requestUrl.origin) return log.execution();
        const below = resolved.pathname.startsWith(`${basePath}/`)
          ? resolved.pathname.slice(basePath.length)
          : undefined;
        const reader =
          below === undefined
            ? undefined
            : spec.operations.find((o) => o.method === 'get' && o.matchPath(below) !== undefined);
        const params = reader && below !== undefined ? reader.matchPath(below)! : {};
        const followed = await log.send({
          operationId: reader?.operationId ?? creator.operationId,
          family: 'location',
          kind: reader ? 'valid' : 'probe',
          method: 'GET',
          pathParams: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodePercent(v)])),
          query: [],
          auth: 'valid',
          existing: Object.keys(params),
          literalPath: {
            path: resolved.pathname + resolved.search,
            fromOrigin: true,
            description: `the Location of a 201 (${location})`,
          },
        });
        // A path the spec documents other methods on, and no GET, need not answer GET (RFC 9110
        // §15.3.2 asks only that it identify the resource); a path it has no operation on at all does.
        const otherMethodsOnly =
          reader === undefined && below !== undefined && spec.operations.some((o) => o.matchPath(below) !== undefined);
        log.add(...judgeLocation(created, followed, !otherMethodsOnly));
        return log.execution();
      },
    });
  }

  for (const writer of spec.operations.filter((o) => takesBoundedBody(o) && !readOnly))
    sweeps.push(boundPairsSweep(spec, writer, context));
  for (const creator of spec.operations.filter(
    (o) => o.method === 'post' && o.requestBody && sendsJson(o) && !readOnly,
  )) {
    sweeps.push(bodySizeSweep(spec, creator, context), storedTextSweep(spec, creator, context));
  }
  sweeps.push(...headSweeps(spec, context), ...connectionCloseSweep(spec, context));
  if (!readOnly) sweeps.push(...allowSweeps(spec, context));
  return sweeps;
}

/** An ordinary valid request of a read operation, with every bounded integer query parameter at its maximum. */
function largestPage(operation: OperationModel, context: PropertyContext): Case {
  const base = sampleValid(operation, context);
  const maxima = operation.parameters
    .filter(
      (p) => p.in === 'query' && p.schema.schema.type === 'integer' && typeof p.schema.schema.maximum === 'number',
    )
    .map((p): [string, string] => [p.name, String(p.schema.schema.maximum)]);
  const names = new Set(maxima.map(([name]) => name));
  return { ...base, query: [...base.query.filter(([name]) => !names.has(name)), ...maxima] };
}

/**
 * A page of a collection read where something the kit creates will show: the largest page, filtered
 * by the least common value of a query parameter that filters on a body member of the creation (the
 * fewest items: a page that is not full holds every match), and the member to give what is created.
 */
async function visibleView(
  reader: OperationModel,
  creator: OperationModel,
  context: PropertyContext,
): Promise<{ query: (readonly [string, string])[]; patch: Record<string, WireJson> }> {
  const largest = largestPage(reader, context);
  const bodyMembers = (mergeAllOf(creator.requestBody!.schema.schema).properties ?? {}) as Record<string, unknown>;
  const filters = reader.parameters.filter(
    (p) => p.in === 'query' && p.name in bodyMembers && Array.isArray(mergeAllOf(p.schema.schema).enum),
  );
  let best: { query: (readonly [string, string])[]; patch: Record<string, WireJson>; size: number } = {
    query: [...largest.query.filter(([n]) => !filters.some((f) => f.name === n))],
    patch: {},
    size: Number.POSITIVE_INFINITY,
  };
  for (const filter of filters) {
    for (const value of landmarksOf(filter.schema.schema)) {
      const query: (readonly [string, string])[] = [
        ...largest.query.filter(([n]) => n !== filter.name),
        [filter.name, parameterText(value)],
      ];
      const e = await context.send({ ...largest, query, family: 'conditional' });
      const size = Array.isArray(e.response?.json) ? e.response.json.length : Number.POSITIVE_INFINITY;
      if (size < best.size) best = { query, patch: { [filter.name]: value }, size };
    }
  }
  return { query: best.query, patch: best.patch };
}

/** A case whose JSON object body gets the members of `patch`. */
function withPatch(c: Case, patch: Record<string, WireJson>): Case {
  if (
    c.body?.kind !== 'json' ||
    c.body.value === null ||
    typeof c.body.value !== 'object' ||
    Array.isArray(c.body.value) ||
    Object.keys(patch).length === 0
  )
    return c;
  return { ...c, body: { kind: 'json', value: { ...(c.body.value as Record<string, WireJson>), ...patch } } };
}

/** The item read below a collection's POST (`GET /pets/{petId}` for `POST /pets`), if the spec has one. */
function itemReaderOf(spec: SpecModel, creator: OperationModel): OperationModel | undefined {
  return spec.operations.find(
    (o) =>
      o.method === 'get' &&
      o.path.startsWith(`${creator.path}/{`) &&
      o.path.split('/').length === creator.path.split('/').length + 1,
  );
}

/**
 * Reads back, with the same credential, the item a successful `created` made, and judges the `sent`
 * string members stored whole (see judgeStoredWhole). Nothing is read where the spec has no item
 * read, the answer names no id, or the client picks the id: another creation of the run may have
 * named the same one (or one equal once read as a double), and the spec does not say which wins.
 */
async function readBackWhole(
  log: ExchangeLog,
  spec: SpecModel,
  creator: OperationModel,
  context: PropertyContext,
  created: Exchange,
  sent: Readonly<Record<string, string>>,
): Promise<void> {
  const item = itemReaderOf(spec, creator);
  if (!isSuccess(created) || !item) return;
  const param = item.parameters.filter((p) => p.in === 'path').at(-1)?.name;
  if (param && (clientChoosesId(creator, param) || clientChoosesId(creator, 'id'))) return;
  const id = param ? idOf(created, param) : undefined;
  if (id === undefined) return;
  // The item lives where it was created: the creator's path parameters (a parent's id) name its scope.
  const read = await log.send({
    ...sampleValid(item, context),
    family: 'robustness',
    pathParams: { ...created.case.pathParams, [param!]: id },
    existing: [param!],
  });
  const readSchema = read.response ? item.responseFor(read.response.status)?.schema?.schema : undefined;
  log.add(...judgeStoredWhole(created, read, sent, readSchema));
}

/**
 * The text with its middle character replaced by a NUL. Characters, not UTF-16 units: cutting an
 * astral character in half would leave a lone surrogate, which a store may rightly read back as
 * U+FFFD, and the read-back would blame the NUL for it.
 */
export function withNulInside(text: string): string {
  const characters = [...text];
  characters[Math.floor(characters.length / 2)] = '\u0000';
  return characters.join('');
}

/**
 * Control characters are text: JSON writes U+0000 as `\u0000` (RFC 8259 §7), and a string schema
 * with no pattern or format takes it. Per POST whose item the spec lets the kit read: one valid body
 * whose first string member that still validates holds a NUL in place of a middle character. A 2xx
 * must have stored it whole (a store that keeps C strings cuts it at the NUL: held-out set 48); a
 * refusal is the `field-size-limits` gap, as for other control characters; a 5xx fails as anywhere.
 */
function storedTextSweep(spec: SpecModel, creator: OperationModel, context: PropertyContext): KitSweep {
  return {
    id: `${creator.operationId}/stored-text`,
    family: 'robustness',
    operationId: creator.operationId,
    async execute() {
      const log = new ExchangeLog(context);
      const sample = sampleValid(creator, context);
      const value = sample.body?.kind === 'json' ? sample.body.value : undefined;
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !itemReaderOf(spec, creator))
        return log.execution();
      const fields = value as Record<string, WireJson>;
      const member = Object.keys(fields).find((k) => {
        const text = fields[k];
        return (
          typeof text === 'string' &&
          [...text].length >= 3 &&
          creator.requestBody!.schema.validate({ ...fields, [k]: withNulInside(text) }).ok
        );
      });
      if (member === undefined) return log.execution();
      const stored = withNulInside(fields[member] as string);
      const created = await log.send({
        ...sample,
        family: 'robustness',
        edge: { gap: 'field-size-limits', description: `"${member}" holds a NUL character (U+0000)` },
        body: { kind: 'json', value: { ...fields, [member]: stored } },
      });
      await readBackWhole(log, spec, creator, context, created, { [member]: stored });
      return log.execution();
    },
  };
}

/** The body with `member` grown first to make the whole `size` bytes of JSON. */
function grownFirst(size: number, member: string, rest: Record<string, WireJson>): Record<string, WireJson> {
  const { [member]: _, ...others } = rest;
  const overhead = Buffer.byteLength(JSON.stringify({ [member]: '', ...others }));
  return { [member]: 'k'.repeat(Math.max(1, size - overhead)), ...others };
}

/**
 * Bodies over common parser limits (96 KiB, 384 KiB, 1.5 MiB), each invalid as `at` makes it (so that
 * any refusal holds and every check judges the answer: a 5xx fails). Each is sent unjudged first: a
 * target may close the connection on an over-size body before reading it (or answer 413 and close
 * while the body is still going out), and that is its limit too. Stops at the first 413 or dropped
 * connection: `limit`; `largestRead` is the largest size answered below 500.
 */
async function overSizeLadder(
  log: ExchangeLog,
  sample: Case,
  at: (size: number) => { readonly body: Record<string, WireJson>; readonly invalid: InvalidReason },
): Promise<{ limit?: number; largestRead: number }> {
  let largestRead = 0;
  for (const size of LADDER_BYTES) {
    const { body, invalid } = at(size);
    const e = await log.send(
      { ...sample, family: 'robustness', kind: 'invalid', invalid, body: { kind: 'json', value: body } },
      false,
    );
    if (e.failure && e.failure.kind !== 'timeout') return { limit: size, largestRead };
    log.judge(e);
    if (e.response?.status === 413) return { limit: size, largestRead };
    if (e.response && e.response.status < 500) largestRead = size;
  }
  return { largestRead };
}

/**
 * Bodies below the target's own limit. First a ladder of over-size bodies that cannot be stored (a
 * required member left out): the first 413 is the limit the target declares. Then valid bodies in
 * the 16–64 KiB bands below it (and one near the largest size it read), the grown free-text member
 * first: each accepted one is read back whole (and its 201 judged by every check), each refused one
 * is sent again with its members in another order; last, the largest pages of the collection where
 * they show (lists past 64 KiB must stay JSON).
 */
function bodySizeSweep(spec: SpecModel, creator: OperationModel, context: PropertyContext): KitSweep {
  return {
    id: `${creator.operationId}/body-sizes`,
    family: 'robustness',
    operationId: creator.operationId,
    async execute() {
      const log = new ExchangeLog(context);
      const send = (c: Case, judge = true) => log.send(c, judge);
      const schema = mergeAllOf(creator.requestBody!.schema.schema);
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      // Only a member any text fits can grow: no enum, format, pattern, length bound or constant.
      const freeText = Object.keys(properties).find(
        (k) => isFreeText(properties[k], { unbounded: true }) && mergeAllOf(properties[k]!).readOnly !== true,
      );
      const sample = sampleValid(creator, context);
      if (
        sample.body?.kind !== 'json' ||
        sample.body.value === null ||
        typeof sample.body.value !== 'object' ||
        Array.isArray(sample.body.value)
      )
        return log.execution();
      if (!freeText) {
        // Every text member bounded: a body over common parser limits is still sent, one text member
        // grown past its own maxLength (invalid: any refusal will do), so that a limit the server hits
        // before validating is answered as a refusal, never a 5xx (held-out set 112: Express's 100 kB
        // body limit turned into 500 by the server's error handler).
        const bounded = Object.keys(properties).find(
          (k) => isFreeText(properties[k]) && mergeAllOf(properties[k]!).readOnly !== true,
        );
        const value = sample.body.value as Record<string, WireJson>;
        if (bounded)
          await overSizeLadder(log, sample, (size) => ({
            body: grownFirst(size, bounded, value),
            invalid: {
              layer: 'schema',
              location: 'body',
              pointer: `/${bounded}`,
              keyword: 'maxLength',
              description: `a body of ${size} bytes, "${bounded}" past its maxLength`,
              firmness: 'must',
            },
          }));
        return log.execution();
      }
      const reader = spec.operations.find((o) => o.method === 'get' && o.path === creator.path);
      const view = reader ? await visibleView(reader, creator, context) : undefined;
      const value = { ...(sample.body.value as Record<string, WireJson>), ...(view?.patch ?? {}) };
      // 1. The limit: bodies that cannot be stored (a required member missing), growing until a 413.
      const dropped = required.find((k) => k !== freeText);
      let limit: number | undefined;
      let largestRead = 0;
      if (dropped) {
        const { [dropped]: _, ...without } = value;
        ({ limit, largestRead } = await overSizeLadder(log, sample, (size) => ({
          body: grownFirst(size, freeText, without),
          invalid: {
            layer: 'schema',
            location: 'body',
            pointer: '',
            keyword: 'required',
            description: `a body of ${size} bytes without the required member "${dropped}"`,
            firmness: 'must',
          },
        })));
      }

      // 2. Valid bodies below the limit.
      const sizes = BAND_BYTES.filter((s) => limit === undefined || s < limit);
      if (largestRead > BAND_BYTES.at(-1)! && largestRead <= LARGEST_VALID_BYTES) sizes.push(largestRead);
      for (const size of sizes) {
        const body = grownFirst(size, freeText, value);
        const edge = {
          gap: 'field-size-limits',
          description: `a body of ${size} bytes${limit ? ` (the target refused ${limit} bytes with 413)` : ''}, "${freeText}" of ${(body[freeText] as string).length} characters`,
        };
        const created = await send({ ...sample, family: 'robustness', edge, body: { kind: 'json', value: body } });
        const status = created.response?.status;
        if (status !== undefined && status >= 400 && status < 500 && status !== 413) {
          // The same value, its members in another order.
          const { [freeText]: grown, ...others } = body;
          const reordered = await send({
            ...sample,
            family: 'robustness',
            edge,
            body: { kind: 'json', value: { ...others, [freeText]: grown! } },
          });
          log.add(...judgeMemberOrder(created, reordered));
          if (!isSuccess(reordered)) continue;
        }
        await readBackWhole(log, spec, creator, context, created, { [freeText]: body[freeText] as string });
      }

      // 3. The collection, where what was stored shows.
      if (reader && sizes.length > 0) {
        await send({ ...largestPage(reader, context), query: view!.query, family: 'robustness' });
        await send({ ...largestPage(reader, context), family: 'robustness' });
      }
      return log.execution();
    },
  };
}
