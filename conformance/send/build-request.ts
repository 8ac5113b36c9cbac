import { wellFormedText } from '../generate/lone-surrogates.js';
import { stringify as stringifyLossless } from 'lossless-json';
import { type AuthVariant, type Case, keyMembers, type WireJson } from '../cases/index.js';
import type { RequestRecord } from '../findings/index.js';
import type { OperationModel } from '../../spec/index.js';
import {
  type Attachment,
  type Credential,
  type SecurityScheme,
  alternativeFor,
  attachRequirement,
} from '../../spec/security/index.js';
import { createKitCredentials, type KitCredentials } from './credentials.js';

/** The exact request to put on the wire, and the record of it with the key replaced by `$API_KEY`. */
export interface BuiltRequest {
  readonly method: string;
  /** Path and query relative to the target base URL. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The body as exact bytes, for a raw case whose text is bytes (`bytes`): sent over a plain socket. */
  readonly bodyBytes?: Buffer;
  /** `path` is from the target's origin, not below its base URL (a path variant of the base path itself). */
  readonly fromOrigin?: boolean;
  /** A POST, PUT or PATCH with no framing at all (the case's `unframedBody`): sent over a plain socket. */
  readonly unframed?: true;
  /** Safe to print: no secret in it. */
  readonly record: RequestRecord;
}

/** What a case's credential puts on a request, in the shape buildRequest lays out (real and shown values). */
export interface AuthParts {
  /** The Authorization header, when the credential has one. */
  readonly header?: string;
  readonly shown?: string;
  /** Where the key goes besides Authorization (query pairs, other headers, cookies as one Cookie header). */
  readonly elsewhere?: {
    readonly query?: readonly [string, string][];
    readonly queryShown?: string;
    readonly headers?: Readonly<Record<string, { value: string; shown: string }>>;
  };
}

/** An attachment of spec/security laid out as {@link AuthParts}. */
export function authPartsOf(attachment: Attachment): AuthParts {
  const authorization = attachment.headers.find((h) => h.name.toLowerCase() === 'authorization');
  const others: Record<string, { value: string; shown: string }> = {};
  for (const h of attachment.headers) if (h !== authorization) others[h.name] = { value: h.value, shown: h.shown };
  if (attachment.cookies.length > 0) {
    others.cookie = {
      value: attachment.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      shown: attachment.cookies.map((c) => `${c.name}=${c.shown}`).join('; '),
    };
  }
  const query = attachment.query.map((q): [string, string] => [q.name, q.value]);
  const elsewhere = {
    ...(query.length > 0
      ? { query, queryShown: attachment.query.map((q) => `${encodeText(q.name)}=${q.shown}`).join('&') }
      : {}),
    ...(Object.keys(others).length > 0 ? { headers: others } : {}),
  };
  return {
    ...(authorization ? { header: authorization.value, shown: authorization.shown } : {}),
    ...(Object.keys(elsewhere).length > 0 ? { elsewhere } : {}),
  };
}

/** Methods whose requests HTTP clients frame even without content (undici's `expectsPayload`). */
const CONTENT_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const BEARER: SecurityScheme = { kind: 'bearer', name: 'bearer' };

/**
 * The Authorization header a bearer variant sends: the real value, and the value shown in reports.
 * The shown value is valid shell inside double quotes, so a reproducer runs as printed with `API_KEY` set.
 */
export function authorizationFor(variant: AuthVariant, apiKey: string): AuthParts {
  const credential: Credential = { kind: 'secret', value: apiKey, variable: 'API_KEY' };
  return authPartsOf(
    attachRequirement(
      [{ scheme: BEARER, scopes: [] }],
      () => credential,
      variant === 'valid' ? undefined : { scheme: BEARER.name, id: variant },
    ),
  );
}

/**
 * What a case's credential puts on a request: nothing on a public operation or without a usable
 * credential; otherwise the alternative of `authScheme` (or the first the kit holds credentials
 * for), every scheme attached validly but the one the variant names.
 */
export function authFor(testCase: Case, operation: OperationModel, credentials: KitCredentials): AuthParts {
  const credentialOf = (scheme: SecurityScheme) => credentials.credentialFor(scheme);
  const requirement =
    operation.security.access === 'public'
      ? undefined
      : alternativeFor(operation.security, credentialOf, testCase.authScheme);
  if (!requirement) return {};
  const scheme = testCase.authScheme ?? requirement[0]!.scheme.name;
  return authPartsOf(
    attachRequirement(requirement, credentialOf, testCase.auth === 'valid' ? undefined : { scheme, id: testCase.auth }),
  );
}

/** Turns a case into the exact bytes to send, for one operation of the spec. */
export function buildRequest(
  testCase: Case,
  operation: OperationModel,
  credentials: string | KitCredentials,
  extraHeaders: readonly (readonly [string, string])[] = [],
): BuiltRequest {
  const path =
    testCase.literalPath?.path ??
    operation.path.replace(
      /\{([^}]+)\}/g,
      (_, name: string) => testCase.rawPath?.[name] ?? encodePathSegment(testCase.pathParams[name] ?? ''),
    );
  const auth = authFor(
    testCase,
    operation,
    typeof credentials === 'string' ? createKitCredentials({ apiKey: credentials }) : credentials,
  );
  const encode = (pairs: readonly (readonly [string, string])[]) =>
    pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`);
  const own =
    testCase.queryText !== undefined ? [testCase.queryText] : [...encode(testCase.query), ...(testCase.rawQuery ?? [])];
  const query = [...own, ...encode(auth.elsewhere?.query ?? [])].join('&');
  const shownQuery = [...own, ...(auth.elsewhere?.queryShown ? [auth.elsewhere.queryShown] : [])].join('&');
  const fullPath = query ? `${path}?${query}` : path;
  const accept = acceptFor(operation);
  const headers: Record<string, string> = { accept };
  const shownHeaders: Record<string, string> = { accept };
  if (auth.header !== undefined) {
    headers.authorization = auth.header;
    shownHeaders.authorization = auth.shown!;
  }
  if (testCase.cookies && testCase.cookies.length > 0)
    headers.cookie = shownHeaders.cookie = testCase.cookies.join('; ');
  // -H headers no scheme claims: sent on every request as given (they are configuration, not credentials).
  for (const [name, value] of extraHeaders) headers[name.toLowerCase()] = shownHeaders[name.toLowerCase()] = value;
  for (const [name, { value, shown }] of Object.entries(auth.elsewhere?.headers ?? {})) {
    // A credential sent as a cookie joins the operation's own cookies in the one Cookie header.
    const joined = name === 'cookie' && headers.cookie !== undefined;
    headers[name] = joined ? `${headers.cookie}; ${value}` : value;
    shownHeaders[name] = joined ? `${shownHeaders.cookie}; ${shown}` : shown;
  }
  let body: string | undefined;
  let shownBody: string | undefined;
  let bodyBytes: Buffer | undefined;
  if (testCase.body?.kind === 'json') {
    const keys = keysInBody(testCase, operation, auth);
    body = stringifyLossless(withMembers(testCase.body.value, keys, 'value')) ?? 'null';
    shownBody = keys.length > 0 ? (stringifyLossless(withMembers(testCase.body.value, keys, 'shown')) ?? 'null') : body;
    // The JSON type the operation names: application/json, or its own (application/merge-patch+json, ...).
    const declared = operation.requestBody?.preferredMediaType;
    headers['content-type'] = shownHeaders['content-type'] =
      declared && /^application\/[\w.+-]+\+json$/i.test(declared.split(';')[0]!.trim()) ? declared : 'application/json';
  } else if (testCase.body?.kind === 'raw') {
    body = shownBody = testCase.body.text;
    if (testCase.body.bytes) {
      bodyBytes = Buffer.from(testCase.body.text, 'latin1');
      // Bytes that are no UTF-8 are shown as escapes (\xFF): the record stays readable text.
      shownBody = testCase.body.text.replace(
        /[\u0080-\u00ff]/g,
        (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
    }
    if (testCase.body.contentType !== undefined)
      headers['content-type'] = shownHeaders['content-type'] = testCase.body.contentType;
  }
  for (const [name, value] of Object.entries(testCase.headers ?? {})) {
    const key = name.toLowerCase();
    // An empty value removes a default header (a request without Accept, say).
    if (value === '') {
      delete headers[key];
      delete shownHeaders[key];
    } else headers[key] = shownHeaders[key] = value;
  }
  const method = (testCase.method ?? operation.method).toUpperCase();
  // A write without content goes out framed `Content-Length: 0`, as undici (and browsers' fetch) send
  // it, and the record says so: a reproducer must send what the kit sent, and curl would frame nothing.
  const noContent =
    body === undefined &&
    CONTENT_METHODS.has(method) &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined;
  if (noContent && !testCase.unframedBody) headers['content-length'] = shownHeaders['content-length'] = '0';
  const record: RequestRecord = {
    method,
    path: shownQuery ? `${path}?${shownQuery}` : path,
    headers: shownHeaders,
    ...(shownBody !== undefined ? { body: shownBody } : {}),
  };
  return {
    method,
    path: fullPath,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(bodyBytes !== undefined ? { bodyBytes } : {}),
    ...(testCase.literalPath?.fromOrigin ? { fromOrigin: true } : {}),
    ...(noContent && testCase.unframedBody ? { unframed: true as const } : {}),
    record,
  };
}

/** A member of the JSON body that carries an API key: what the credential puts in the scheme's own place. */
interface KeyInBody {
  readonly member: string;
  readonly value: string;
  readonly shown: string;
}

/**
 * Body members that carry an API key ({@link keyMembers}): a string member of the JSON body named
 * like an API-key scheme's parameter takes what the case's credential puts in that scheme's own
 * place, valid or varied, never a generated value. Where nothing is put there (no
 * key, the key moved elsewhere), and in a case that breaks that very member, the member stays as
 * generated.
 */
function keysInBody(testCase: Case, operation: OperationModel, auth: AuthParts): KeyInBody[] {
  const value = testCase.body?.kind === 'json' ? testCase.body.value : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const members = value as Readonly<Record<string, unknown>>;
  const out: KeyInBody[] = [];
  const carriers = keyMembers(operation);
  for (const requirement of operation.security.alternatives)
    for (const { scheme } of requirement) {
      if (scheme.kind !== 'apiKey') continue;
      const member = scheme.parameter;
      if (!carriers.includes(member) || typeof members[member] !== 'string' || out.some((k) => k.member === member))
        continue;
      const pointer = testCase.invalid?.pointer;
      if (pointer !== undefined && (pointer === `/${member}` || pointer.startsWith(`/${member}/`))) continue;
      const placed = placedKey(auth, scheme.in, member);
      if (placed) out.push({ member, ...placed });
    }
  return out;
}

/** What an attachment puts in one place (a query parameter, header or cookie), real and shown. */
function placedKey(auth: AuthParts, where: string, name: string): { value: string; shown: string } | undefined {
  const elsewhere = auth.elsewhere;
  if (where === 'query') {
    const pair = elsewhere?.query?.find(([n]) => n === name);
    const prefix = `${encodeText(name)}=`;
    const shown = elsewhere?.queryShown
      ?.split('&')
      .find((p) => p.startsWith(prefix))
      ?.slice(prefix.length);
    return pair ? { value: pair[1], shown: shown ?? pair[1] } : undefined;
  }
  if (where === 'header') {
    const header = Object.entries(elsewhere?.headers ?? {}).find(([n]) => n.toLowerCase() === name.toLowerCase());
    return header ? { value: header[1].value, shown: header[1].shown } : undefined;
  }
  if (where === 'cookie') {
    const cookie = elsewhere?.headers?.cookie;
    const find = (text: string) =>
      text
        .split(';')
        .map((p) => p.trim())
        .find((p) => p.startsWith(`${name}=`))
        ?.slice(name.length + 1);
    const value = cookie ? find(cookie.value) : undefined;
    return value !== undefined ? { value, shown: find(cookie!.shown) ?? value } : undefined;
  }
  return undefined;
}

/** A JSON body with the members of `keys` set to their real or shown value. */
function withMembers(value: WireJson, keys: readonly KeyInBody[], which: 'value' | 'shown'): WireJson {
  if (keys.length === 0) return value;
  const out = { ...(value as Record<string, WireJson>) };
  for (const k of keys) out[k.member] = k[which];
  return out;
}

/**
 * Encodes a path parameter, keeping it one segment: `/` and `?` are escaped too, and a `.` or `..`
 * segment is written as `%2E` / `%2E%2E`, which RFC 3986 dot-segment removal leaves alone.
 */
function encodePathSegment(value: string): string {
  return /^\.{1,2}$/.test(value) ? value.replaceAll('.', '%2E') : encodeText(value);
}

/**
 * Percent-encodes text as UTF-8. A lone surrogate has no UTF-8 form (encodeURIComponent throws
 * URIError on it): it is written as U+FFFD, the character a UTF-8 encoder substitutes. The
 * sub-delimiters encodeURIComponent leaves (`!'()*`) are reserved characters too (RFC 3986 §2.2):
 * a parameter without `allowReserved` carries them percent-encoded, and servers that enforce it
 * refuse them raw.
 */
function encodeText(text: string): string {
  return encodeURIComponent(wellFormedText(text)).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\b/i;
const PLAIN_JSON = /^application\/json\b/i;

/**
 * What the client accepts by default: JSON where the operation's successes answer `application/json`
 * (or name no media type), otherwise the media types they declare (`application/vnd.api+json`, an
 * image, a CSV, text), so that content negotiation can succeed (RFC 9110 §12.5.1).
 */
export function acceptFor(operation: OperationModel): string {
  const of = (which: (status: string) => boolean) => [
    ...new Set(
      Object.entries(operation.responses)
        .filter(([status]) => which(status))
        .flatMap(([, r]) => r.mediaTypes),
    ),
  ];
  // The successes' types; `default` (usually the error shape) only where no success names one.
  const successes = of((status) => /^2/.test(status));
  const types = successes.length > 0 ? successes : of((status) => status === 'default');
  if (types.length === 0 || types.some((t) => PLAIN_JSON.test(t))) return 'application/json';
  // Only JSON with a structured suffix (`application/vnd.api+json`): those types, which a server may
  // insist on (a JSON:API server may refuse `application/json`).
  const suffixed = types.filter((t) => JSON_MEDIA.test(t));
  if (suffixed.length > 0) return suffixed.join(', ');
  return types.join(', ');
}
