import { resolve } from '../spec/json/index.js';
import type { OperationModel, ParameterModel, SchemaIssue, SpecModel } from '../spec/index.js';
import { evaluate } from '../spec/index.js';
import { decodeBody, findMediaType, parseMediaType } from '../spec/media/index.js';
import type { EncodingMap } from '../spec/media/index.js';
import { checkParameterText, parseParameter } from '../spec/parameters/index.js';
import type { RequestViolationEvidence } from '../conformance/findings/index.js';
import { authRequestOf } from '../mock/auth.js';
import type { RequestHeaders } from '../mock/cors.js';
import { isStyled } from '../mock/request-input.js';
import { parameterPointer, requestBodyPointer, securityPointer } from './spec-pointer.js';

/** One broken rule of a live request, and the spec location it comes from. */
export interface RequestViolation {
  readonly evidence: RequestViolationEvidence;
  /** JSON pointer into the spec document. */
  readonly basis: string;
}

/** A live request as the validator reads it: decoded path values, the raw query, headers and body bytes. */
export interface LiveRequest {
  readonly pathParams: Readonly<Record<string, string>>;
  /** The query text without `?` (may be empty). */
  readonly search: string;
  readonly headers: RequestHeaders;
  readonly body: Uint8Array;
}

// Any well-formed credential of the scheme counts: the proxy asks "was one presented", not "is it good".
const ANY_CREDENTIAL = { any: true, secrets: [], users: [] } as const;
const MAX_SEEN = 200;
const MAX_ISSUES = 10;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/**
 * Every rule of its operation a live request breaks: each parameter (required, type, schema, read by
 * its style through the spec's own parsers), the credential the security scheme wants being present,
 * the body's Content-Type among the declared ones, and the body against its media type's schema (the
 * spec model's compiled validators). Nothing is judged twice: a parameter that cannot be read is one
 * violation, not one per schema keyword.
 */
export function requestViolations(
  spec: SpecModel,
  operation: OperationModel,
  request: LiveRequest,
): RequestViolation[] {
  const out: RequestViolation[] = [];
  for (const parameter of operation.parameters) {
    const violation = parameterViolation(operation, parameter, request);
    for (const v of violation) out.push({ evidence: v, basis: parameterPointer(spec, operation, parameter) });
  }
  const auth = evaluate(operation.security, authRequestOf(request.headers, request.search), ANY_CREDENTIAL);
  if (auth.outcome !== 'ok') {
    const schemes = operation.security.alternatives.map((r) => r.map((u) => u.scheme.name).join(' + '));
    out.push({
      basis: securityPointer(spec, operation),
      evidence: {
        place: 'credential',
        pointer: '',
        keyword: 'security',
        seen: auth.outcome === 'missing' ? 'missing' : `not well-formed (${auth.reason})`,
        wanted: `the operation needs a credential of ${schemes.join(' or ')}`,
      },
    });
  }
  for (const v of bodyViolations(operation, request)) out.push({ evidence: v, basis: requestBodyPointer(operation) });
  return out;
}

function parameterViolation(
  operation: OperationModel,
  parameter: ParameterModel,
  request: LiveRequest,
): RequestViolationEvidence[] {
  const base = { place: parameter.in, name: parameter.name } as const;
  const raw = rawValue(parameter, request);
  if (raw === undefined) {
    return parameter.required
      ? [{ ...base, pointer: '', keyword: 'required', seen: 'missing', wanted: 'it is required' }]
      : [];
  }
  // Cookies are read as one plain value each; path values arrive decoded by the router.
  if (parameter.in === 'path' || parameter.in === 'cookie' || !isStyled(parameter)) {
    if (Array.isArray(raw))
      return [{ ...base, pointer: '', keyword: 'maxItems', seen: `given ${raw.length} times`, wanted: 'given once' }];
    const parsed = checkParameterText(parameter, raw);
    if (parsed.ok) return [];
    const value = coerce(parameter, raw);
    return issuesOf(parameter.schema.validate(value), value, base);
  }
  const text = Array.isArray(raw) ? raw.join(',') : raw;
  const styled = parseParameter({ ...parameter, schema: parameter.schema.schema }, text, {
    otherParameterNames: operation.parameters
      .filter((p) => p.in === parameter.in && p !== parameter)
      .map((p) => p.name),
  });
  if (!styled.ok)
    return [
      { ...base, pointer: '', keyword: 'style', seen: seen(text), wanted: `written in ${parameter.style} style` },
    ];
  if (styled.value === undefined) return [];
  return issuesOf(parameter.schema.validate(styled.value), styled.value, base);
}

/** The wire text of a parameter: the decoded path value, the query pairs, the header or the cookie. */
function rawValue(parameter: ParameterModel, request: LiveRequest): string | string[] | undefined {
  if (parameter.in === 'path') return request.pathParams[parameter.name];
  if (parameter.in === 'header') {
    const value = request.headers[parameter.name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  if (parameter.in === 'cookie') {
    const cookie = request.headers.cookie;
    for (const pair of (Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '')).split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim() === parameter.name) return pair.slice(eq + 1).trim();
    }
    return undefined;
  }
  if (isStyled(parameter)) {
    // Styled query values (`tags=a,b`, `f[x]=1`, repeated names) are read from the whole query text.
    const names = new URLSearchParams(request.search);
    const present = [...names.keys()].some((k) => k === parameter.name || k.startsWith(`${parameter.name}[`));
    return present || parameter.explode ? (request.search === '' ? undefined : request.search) : undefined;
  }
  const values = new URLSearchParams(request.search).getAll(parameter.name);
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

/** The typed value the schema is checked against, as the spec's plain parser converts it. */
function coerce(parameter: ParameterModel, raw: string): unknown {
  const type = parameter.schema.schema.type;
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

function bodyViolations(operation: OperationModel, request: LiveRequest): RequestViolationEvidence[] {
  const model = operation.requestBody;
  if (!model) return [];
  const sent = request.body.length > 0;
  if (!sent) {
    return model.required
      ? [{ place: 'body', pointer: '', keyword: 'required', seen: 'empty', wanted: 'a body is required' }]
      : [];
  }
  const header = request.headers['content-type'];
  const contentType = Array.isArray(header) ? header.join(', ') : header;
  const declared = Object.keys(model.content);
  const key = contentType === undefined ? undefined : findMediaType(declared, contentType);
  if (key === undefined) {
    return declared.length === 0
      ? []
      : [
          {
            place: 'content-type',
            pointer: '',
            keyword: 'media-type',
            seen: contentType === undefined ? 'missing' : JSON.stringify(contentType),
            wanted: `one of ${declared.join(', ')}`,
          },
        ];
  }
  const media = model.content[key]!;
  const schema = media.schema;
  const type = parseMediaType(contentType!);
  let value: unknown;
  if (type && JSON_TYPE.test(type.essence)) {
    const text = new TextDecoder().decode(request.body);
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [
        {
          place: 'body',
          pointer: '',
          keyword: 'syntax',
          seen: `not JSON (${(error as Error).message})`,
          wanted: `the body is ${key}`,
        },
      ];
    }
  } else if (
    type &&
    (type.essence === 'application/x-www-form-urlencoded' || (type.type === 'text' && !/xml/.test(type.subtype)))
  ) {
    const encoding = media.encoding as EncodingMap | undefined;
    const decoded = decodeBody(contentType!, request.body, schema?.schema, encoding ? { encoding } : {});
    if (!decoded.ok) return [{ place: 'body', pointer: '', keyword: 'syntax', seen: decoded.message, wanted: key }];
    value = decoded.value;
  } else return [];
  if (!schema) return [];
  return issuesOf(schema.validate(value), value, { place: 'body' });
}

function issuesOf(
  result: { ok: true } | { ok: false; errors: readonly SchemaIssue[] },
  value: unknown,
  base: Pick<RequestViolationEvidence, 'place' | 'name'>,
): RequestViolationEvidence[] {
  if (result.ok) return [];
  return result.errors.slice(0, MAX_ISSUES).map((issue) => ({
    ...base,
    pointer: issue.pointer,
    keyword: issue.keyword,
    seen: seen(resolve(value, issue.pointer)),
    wanted: issue.message.replace(/^\S*\s+(?=must\b)/, ''),
  }));
}

function seen(value: unknown): string {
  const text = value === undefined ? 'absent' : JSON.stringify(value);
  return text.length > MAX_SEEN ? `${text.slice(0, MAX_SEEN - 1)}…` : text;
}
