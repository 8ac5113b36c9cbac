import type { JsonSchema, OperationModel, ResponseModel, SpecModel } from '../../spec/index.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { type MockErrorCode, type RequestIssue, errorBody, mockError } from '../errors.js';
import { parseMediaType } from '../../spec/media/index.js';
import { sampleValue, schemaSample } from '../../spec/generate/index.js';
import { declaredSchemas } from './item-schema.js';
import { isObject, segmentsOf } from '../../spec/json/index.js';

type Obj = Record<string, unknown>;

/**
 * Makes an error answer fit the spec's error shape before it leaves (see {@link errorShapeFor} for
 * which response gives the shape): the mock's Error body when the shape's schema takes it, else one
 * built from that schema (its status, message and code members filled from the mock's error), else
 * the documented example; in the documented media type (`application/problem+json`); as XML or text
 * when the errors are documented only so; an RFC 9457 problem when the spec documents no error body
 * at all. Answers under 400 and bodies that already fit go out unchanged, headers (`WWW-Authenticate`,
 * `Allow`) always kept. `operation` is absent for answers no operation owns (an unknown route).
 */
export function conformError(spec: SpecModel, operation: OperationModel | undefined, answer: Answer): Answer {
  if (answer.status < 400 || answer.json === undefined) return answer;
  let body: unknown;
  try {
    body = JSON.parse(answer.json);
  } catch {
    return answer;
  }
  const shape = errorShapeFor(spec, operation, answer.status);
  // A body the engine took from the spec (a forced Prefer: code=404) that fits is the spec's own.
  if (shape?.schema && !isMockError(body, answer.status) && shape.schema.validate(body).ok)
    return inErrorMediaType(answer, shape.mediaTypes);
  const code = isObject(body) && typeof body.code === 'string' ? (body.code as MockErrorCode) : 'invalid_parameter';
  const message = isObject(body) && typeof body.message === 'string' ? body.message : `Status ${answer.status}.`;
  const fitted = renderError(shape, answer.status, code, message, answer.issues);
  const headers = { ...answer.headers, ...fitted.headers };
  return answer.reason === undefined ? { ...fitted, headers } : { ...fitted, headers, reason: answer.reason };
}

/** True for the mock's own Error body `{code, message, status}` (how every layer reports a failure). */
function isMockError(body: unknown, status: number): boolean {
  return (
    isObject(body) &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    body.status === status &&
    Object.keys(body).length === 3
  );
}

/**
 * The response whose body an error of `status` takes, by one rule, first match wins:
 * 1. the operation's own response for the status (exact, `4XX`, `default`) when it documents a body
 *    schema or only XML or text media types;
 * 2. for a status the operation does not document, the one body schema all its errors share;
 * 3. the spec's error shape ({@link specErrorResponse}): the body schema most of its 4xx and
 *    `default` responses share (an unknown route, or an operation documenting no error body);
 * 4. else the operation's schema-less response (its media type), or none: an RFC 9457 problem.
 */
export function errorShapeFor(
  spec: SpecModel,
  operation: OperationModel | undefined,
  status: number,
): ResponseModel | undefined {
  const own = operation ? errorResponseFor(operation, status) : undefined;
  if (own && (own.schema || textMediaType(own.mediaTypes))) return own;
  return specErrorResponse(spec) ?? own;
}

const specShapes = new WeakMap<SpecModel, ResponseModel | null>();

/**
 * The spec's own error shape: of its 4xx and `default` responses with a JSON body schema, the schema
 * most of them share (compared without annotations); a tie goes to the first in document order.
 * Undefined when no error response documents a JSON body. Computed once per loaded spec.
 */
export function specErrorResponse(spec: SpecModel): ResponseModel | undefined {
  const known = specShapes.get(spec);
  if (known !== undefined) return known ?? undefined;
  const counts = new Map<string, { response: ResponseModel; n: number }>();
  for (const operation of spec.operations)
    for (const [code, response] of Object.entries(operation.responses)) {
      if (!/^(?:4(?:\d\d|XX)|default)$/i.test(code) || !response.schema || !jsonMediaType(response.mediaTypes))
        continue;
      const key = schemaText(response.schema.schema);
      if (key === undefined) continue;
      const seen = counts.get(key);
      if (seen) seen.n++;
      else counts.set(key, { response, n: 1 });
    }
  // A spec documenting its errors only as XML or text (`text/xml`) has that as its shape.
  if (counts.size === 0)
    for (const operation of spec.operations)
      for (const [code, response] of Object.entries(operation.responses)) {
        if (!/^(?:4(?:\d\d|XX)|default)$/i.test(code) || !textMediaType(response.mediaTypes)) continue;
        const key = [...response.mediaTypes].sort().join(',');
        const seen = counts.get(key);
        if (seen) seen.n++;
        else counts.set(key, { response, n: 1 });
      }
  let best: { response: ResponseModel; n: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  specShapes.set(spec, best?.response ?? null);
  return best?.response;
}

/**
 * An error of `status` rendered in a shape (see {@link errorShapeFor}): XML or text when it is
 * documented only so; the mock's Error when the shape's schema takes it; a body built from the schema
 * (its status, code and message members filled, one level of nesting deep, and a list of faults
 * such as `errors[]` filled from `issues`), else the documented
 * example, else one built from the schema's keywords alone (when its examples break it); an RFC 9457
 * problem (`type`, `title`, `status`, `detail`, and `code` as an extension member) when there is no
 * schema.
 */
export function renderError(
  shape: ResponseModel | undefined,
  status: number,
  code: MockErrorCode,
  message: string,
  issues?: readonly RequestIssue[],
): Answer {
  const error = mockError(status, code, message);
  const textual = inTextMediaType(errorAnswer(error), shape?.mediaTypes);
  if (textual) return textual;
  const check = shape?.schema;
  if (!check) {
    const problem = { type: 'about:blank', title: reasonPhrase(status), status, detail: message, code };
    const documented = shape && jsonMediaType(shape.mediaTypes);
    return jsonAnswer(status, JSON.stringify(problem), {
      'Content-Type': `${documented ?? PROBLEM_JSON}; charset=utf-8`,
    });
  }
  const sample = sampleValue(check.schema);
  const filled = isObject(sample) ? filledError(check.schema, sample, status, code, message, 0) : undefined;
  // A shape that lists faults (`errors: [{pointer, message}]`) gets one entry per fault found.
  const listed = filled && issues && issues.length > 0 ? withIssues(check.schema, filled, issues) : undefined;
  if (listed && check.validate(listed).ok)
    return inErrorMediaType(jsonAnswer(status, JSON.stringify(listed)), shape.mediaTypes);
  // The mock's Error where the shape takes it and names some of its members: a schema of optional
  // members only (`{detail: [...]}`) takes any object, which says nothing in its words.
  const declared = declaredSchemas(check.schema);
  const named = declared.size === 0 || ['code', 'message', 'status'].some((m) => declared.has(m));
  if (named && check.validate(JSON.parse(errorBody(error))).ok)
    return inErrorMediaType(errorAnswer(error), shape.mediaTypes);
  const candidates: unknown[] = filled ? [filled] : [];
  candidates.push(...Object.values(shape.examples), sample);
  let body = candidates.find((c) => check.validate(c).ok);
  if (body === undefined) {
    // The schema's own examples break it: build from its keywords alone, the mock's error filled in.
    const bare = schemaSample(check.schema);
    body = [...(isObject(bare) ? [filledError(check.schema, bare, status, code, message, 0)] : []), bare].find(
      (c) => check.validate(c).ok,
    );
  }
  body ??= sample;
  return inErrorMediaType(jsonAnswer(status, JSON.stringify(body)), shape.mediaTypes);
}

const PROBLEM_JSON = 'application/problem+json';
// Message members by what their names contain (`error_description`, `faultstring`, `errorMessage`).
const MESSAGE_NAMES = /message|description|detail|reason|faultstring|^msg$/i;
const CODE_NAMES = /code$|^(type|error_?type|error)$/i;
const STATUS_NAMES = /^(status|status_?code|http_?status|http_?code)$/i;
const URI_FORMATS = /^(uri|uri-reference|iri|iri-reference)$/;

/** A sample of an error schema with its status, code and message members filled from the mock's error. */
function filledError(
  schema: JsonSchema,
  sample: Obj,
  status: number,
  code: string,
  message: string,
  depth: number,
): Obj {
  const filled: Obj = { ...sample };
  const members = declaredSchemas(schema);
  // `error` is the message when nothing else says it (`{"error": "..."}`), else the code (OAuth's `error`, `error_description`).
  const hasMessage = [...members.keys()].some((name) => MESSAGE_NAMES.test(name));
  for (const [name, member] of members) {
    const type = Array.isArray(member.type) ? member.type.find((t) => t !== 'null') : member.type;
    const free = !('enum' in member) && !('const' in member) && !('format' in member);
    if ((type === 'integer' || type === 'number') && (STATUS_NAMES.test(name) || /^code$/i.test(name)))
      filled[name] = status;
    // RFC 9457's `type` is a URI naming the problem; with none more specific it is `about:blank`
    // (§4.2.1), never a sample such as `x`.
    else if (type === 'string' && /^type$/i.test(name) && URI_FORMATS.test(String(member.format)))
      filled[name] = 'about:blank';
    else if (type === 'string' && STATUS_NAMES.test(name) && free) filled[name] = String(status);
    else if (type === 'string' && free && (MESSAGE_NAMES.test(name) || (/^error$/i.test(name) && !hasMessage)))
      filled[name] = message;
    else if (type === 'string' && free && CODE_NAMES.test(name)) filled[name] = code;
    else if (type === 'string' && free && /^title$/i.test(name))
      filled[name] = hasMessage ? reasonPhrase(status) : message;
    else if (depth < 1 && isObject(filled[name]) && (type === 'object' || isObject(member.properties)))
      filled[name] = filledError(member, filled[name] as Obj, status, code, message, depth + 1);
  }
  return filled;
}

// The list member of an error shape that holds one entry per fault, by its name.
const ISSUE_LIST_NAMES =
  /^(errors|detail|issues|details|violations|invalid_?-?params|field_?errors|validation_?errors|problems|causes|fields)$/i;
const POINTER_NAMES = /pointer/i;
const NAME_NAMES = /^(field|param|parameter|property|attribute|name|key|member)$/i;
const PLACE_NAMES = /^(path|loc|location|source)$/i;
const KEYWORD_NAMES = /^(code|keyword|rule|type|constraint|error_?code)$/i;

/**
 * The error body with its list of faults (`errors`, `details`, `invalid_params` ...) filled, one entry
 * per issue: for items that are objects, what each member's name asks for (a JSON pointer in the
 * RFC 9457 `#/member` form, the member or parameter name, a path, the message, the keyword); for
 * items that are strings, the message with its place. Undefined when the shape has no such list, or
 * an entry would break its item schema.
 */
function withIssues(schema: JsonSchema, body: Obj, issues: readonly RequestIssue[]): Obj | undefined {
  const lists = [...declaredSchemas(schema)].filter(
    ([name, member]) => ISSUE_LIST_NAMES.test(name) && (member.type === 'array' || isObject(member.items)),
  );
  const [name, list] = lists[0] ?? [];
  if (name === undefined || !list || !isObject(list.items)) return undefined;
  const items = list.items as JsonSchema;
  const itemType = Array.isArray(items.type) ? items.type.find((t) => t !== 'null') : items.type;
  if (itemType === 'string') return { ...body, [name]: issues.map((i) => `${placeOf(i)} ${i.message}`) };
  const members = declaredSchemas(items);
  if (members.size === 0) return undefined;
  const base = sampleValue(items);
  const entries = issues.map((issue) => {
    const entry: Obj = isObject(base) ? { ...base } : {};
    for (const [member, memberSchema] of members) {
      const type = Array.isArray(memberSchema.type) ? memberSchema.type.find((t) => t !== 'null') : memberSchema.type;
      const segments = issue.in === 'body' ? (segmentsOf(issue.pointer) ?? []) : [issue.name ?? ''];
      if (type === 'array' && PLACE_NAMES.test(member)) entry[member] = [issue.in, ...segments];
      else if (type !== undefined && type !== 'string') continue;
      else if (POINTER_NAMES.test(member))
        entry[member] = issue.in === 'body' ? `#${issue.pointer}` : (issue.name ?? issue.in);
      else if (MESSAGE_NAMES.test(member) || /^(msg|title)$/i.test(member)) entry[member] = issue.message;
      else if (NAME_NAMES.test(member)) entry[member] = issue.name ?? issue.in;
      else if (PLACE_NAMES.test(member)) entry[member] = placeOf(issue);
      else if (member === 'in') entry[member] = issue.in;
      else if (KEYWORD_NAMES.test(member) && !('enum' in memberSchema)) entry[member] = issue.keyword;
    }
    return entry;
  });
  return { ...body, [name]: entries };
}

/** Where an issue lies, for people: `body.address.city`, `query.page`. */
function placeOf(issue: RequestIssue): string {
  if (issue.in !== 'body') return `${issue.in}.${issue.name ?? ''}`;
  return ['body', ...(segmentsOf(issue.pointer) ?? [])].join('.');
}

/** Reason phrases of the statuses the mock answers on its own (RFC 9110 §15), for problem titles. */
function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The first JSON media type (`application/json`, any `+json`) among `types`. */
function jsonMediaType(types: readonly string[]): string | undefined {
  return types.find((t) => {
    const m = parseMediaType(t);
    return m !== undefined && (m.subtype === 'json' || m.suffix === 'json');
  });
}

/** True when `types` are documented and none of them is JSON (XML or text only). */
function textMediaType(types: readonly string[]): boolean {
  return types.length > 0 && jsonMediaType(types) === undefined && !types.some((t) => t.startsWith('*'));
}

/**
 * The response an error of this status owes its shape to: the documented one (exact, `4XX`,
 * `default`), else, for a status the operation does not document (406, 413, 415 ...), the one body
 * every documented error carries when they all share one schema.
 */
export function errorResponseFor(operation: OperationModel, status: number): ResponseModel | undefined {
  const documented = operation.responseFor(status);
  if (documented) return documented;
  let found: ResponseModel | undefined;
  let text: string | undefined;
  for (const [code, response] of Object.entries(operation.responses)) {
    if (!/^(?:[45](?:\d\d|XX)|default)$/i.test(code)) continue;
    if (!response.schema) return undefined;
    const own = schemaText(response.schema.schema);
    if (found === undefined) {
      found = response;
      text = own;
    } else if (response.schema !== found.schema && (own === undefined || own !== text)) return undefined;
  }
  return found;
}

const ANNOTATIONS = new Set(['description', 'examples', 'example', 'title', '$comment', 'deprecated']);

/** A schema as text without its annotations (error schemas often differ only in their examples). */
function schemaText(schema: JsonSchema): string | undefined {
  try {
    return JSON.stringify(schema, (key, value: unknown) => (ANNOTATIONS.has(key) ? undefined : value));
  } catch {
    return undefined;
  }
}

/**
 * A JSON error answer rewritten in the documented media type when the spec documents the error only
 * in XML or text, no JSON type among them: XML (`text/xml`, `application/xml`, any `+xml`) as an
 * `<Error>` element with `Code`, `Message` and `Status`, any other text type as the message alone.
 * Undefined when a JSON type is documented, none is, or the body is not the mock's JSON.
 */
export function inTextMediaType(answer: Answer, mediaTypes: readonly string[] | undefined): Answer | undefined {
  if (answer.json === undefined || !mediaTypes || mediaTypes.length === 0) return undefined;
  const parsed = mediaTypes.map((t) => ({ type: t, m: parseMediaType(t) }));
  if (parsed.some(({ m }) => m === undefined || m.subtype === 'json' || m.suffix === 'json' || m.type === '*'))
    return undefined;
  const xml = parsed.find(({ m }) => m!.subtype === 'xml' || m!.suffix === 'xml');
  const text = xml ?? parsed.find(({ m }) => m!.type === 'text');
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.json);
  } catch {
    return undefined;
  }
  const error = isObject(body) ? body : {};
  const message = typeof error.message === 'string' ? error.message : `Status ${answer.status}.`;
  const code = typeof error.code === 'string' ? error.code : String(answer.status);
  const rendered = xml
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message><Status>${answer.status}</Status></Error>\n`
    : message;
  const essence = text.m!.essence;
  return {
    status: answer.status,
    json: rendered,
    headers: { ...answer.headers, 'Content-Type': `${essence}; charset=utf-8` },
  };
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * An error body (JSON text that fits the documented schema) in the media type its response documents:
 * a JSON-based one as {@link withMediaType} names it; where the response documents neither JSON nor
 * any type (`*\/*`), only a binary one (`application/octet-stream` with an object schema, as Azure's
 * LUIS writes its errors), the same text under the first documented type.
 */
function inErrorMediaType(answer: Answer, mediaTypes: readonly string[] | undefined): Answer {
  const binary = (type: string) => {
    const m = parseMediaType(type);
    return (
      m !== undefined &&
      m.type !== '*' &&
      m.subtype !== '*' &&
      m.type !== 'text' &&
      !/json|xml/.test(`${m.subtype}+${m.suffix ?? ''}`)
    );
  };
  if (!mediaTypes || mediaTypes.length === 0 || !mediaTypes.every(binary)) return withMediaType(answer, mediaTypes);
  return { ...answer, headers: { ...answer.headers, 'Content-Type': mediaTypes[0]! } };
}

/** Sends a documented JSON-based media type other than `application/json` (`application/problem+json`) as such. */
export function withMediaType(answer: Answer, mediaTypes: readonly string[] | undefined): Answer {
  if (!mediaTypes || mediaTypes.length === 0 || mediaTypes.some((t) => /^application\/json\b/i.test(t))) return answer;
  const json = mediaTypes.find((t) => /^application\/[^;]*\+json\b/i.test(t));
  return json ? { ...answer, headers: { ...answer.headers, 'Content-Type': `${json}; charset=utf-8` } } : answer;
}
