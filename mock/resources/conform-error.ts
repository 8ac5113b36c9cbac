import type { JsonSchema, OperationModel, ResponseModel } from '../../spec/index.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { type MockErrorCode, errorBody, mockError } from '../errors.js';
import { parseMediaType } from '../../spec/media/index.js';
import { sampleValue } from './sample-value.js';

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Makes an error answer fit the operation's documented response for its status before it leaves:
 * the mock's Error body when the spec's error schema takes it, else one built from that schema (its
 * status, message and code members filled from the mock's error), else the documented example; and
 * the documented media type (`application/problem+json`). Answers under 400, statuses the operation
 * does not document and bodies that already fit go out unchanged, headers (`WWW-Authenticate`,
 * `Allow`) always kept.
 */
export function conformError(operation: OperationModel, answer: Answer): Answer {
  if (answer.status < 400 || answer.json === undefined) return answer;
  const response = errorResponseFor(operation, answer.status);
  // Errors documented only as XML or text (`text/xml`, `text/plain`) are sent as such.
  const textual = inTextMediaType(answer, response ? response.mediaTypes : sharedErrorMediaTypes(operation));
  if (textual) return textual;
  // Errors of several shapes still share a media type (`application/problem+json`): an undocumented status takes it too.
  if (!response) return withMediaType(answer, sharedErrorMediaTypes(operation));
  let body: unknown;
  try {
    body = JSON.parse(answer.json);
  } catch {
    return answer;
  }
  if (!response.schema || response.schema.validate(body).ok) return withMediaType(answer, response.mediaTypes);
  const code = isObject(body) && typeof body.code === 'string' ? (body.code as MockErrorCode) : 'invalid_parameter';
  const message = isObject(body) && typeof body.message === 'string' ? body.message : `Status ${answer.status}.`;
  const fitted = fittedError(operation, answer.status, code, message);
  return { ...fitted, headers: { ...answer.headers, ...fitted.headers } };
}

/**
 * The mock's Error body when the spec's error schema takes it; else a body built from that schema
 * with its status, message and code members filled in; else the documented example. Sent with the
 * documented media type (`application/problem+json`, say).
 */
export function fittedError(operation: OperationModel, status: number, code: MockErrorCode, message: string): Answer {
  const error = mockError(status, code, message);
  const response = errorResponseFor(operation, status);
  const textual = inTextMediaType(
    errorAnswer(error),
    response ? response.mediaTypes : sharedErrorMediaTypes(operation),
  );
  if (textual) return textual;
  const check = response?.schema;
  if (!check || check.validate(JSON.parse(errorBody(error))).ok)
    return withMediaType(errorAnswer(error), response?.mediaTypes);
  const sample = sampleValue(check.schema);
  const candidates: unknown[] = [];
  if (isObject(sample)) {
    const filled: Obj = { ...sample };
    for (const [name, member] of declaredSchemas(check.schema)) {
      const type = Array.isArray(member.type) ? member.type.find((t) => t !== 'null') : member.type;
      if ((type === 'integer' || type === 'number') && /^(status|statuscode|code|httpstatus)$/i.test(name))
        filled[name] = status;
      else if (type === 'string' && /^(status|statuscode|httpstatus)$/i.test(name) && !('enum' in member))
        filled[name] = String(status);
      else if (type === 'string' && /^(message|detail|title|error|description|reason)$/i.test(name))
        filled[name] = message;
      else if (
        type === 'string' &&
        /^(code|error_code|errorcode|type)$/i.test(name) &&
        !('enum' in member) &&
        !('format' in member)
      )
        filled[name] = code;
    }
    candidates.push(filled);
  }
  candidates.push(...Object.values(response.examples), sample);
  const body = candidates.find((c) => check.validate(c).ok) ?? sample;
  return withMediaType(jsonAnswer(status, JSON.stringify(body)), response.mediaTypes);
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

/** The media types every documented error response of the operation declares, when they all declare the same ones. */
function sharedErrorMediaTypes(operation: OperationModel): readonly string[] | undefined {
  let shared: string | undefined;
  let types: readonly string[] | undefined;
  for (const [code, response] of Object.entries(operation.responses)) {
    if (!/^(?:[45](?:\d\d|XX)|default)$/i.test(code)) continue;
    const key = [...response.mediaTypes].sort().join(',');
    if (key === '') return undefined;
    if (shared === undefined) {
      shared = key;
      types = response.mediaTypes;
    } else if (key !== shared) return undefined;
  }
  return types;
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

/** Sends a documented JSON-based media type other than `application/json` (`application/problem+json`) as such. */
export function withMediaType(answer: Answer, mediaTypes: readonly string[] | undefined): Answer {
  if (!mediaTypes || mediaTypes.length === 0 || mediaTypes.some((t) => /^application\/json\b/i.test(t))) return answer;
  const json = mediaTypes.find((t) => /^application\/[^;]*\+json\b/i.test(t));
  return json ? { ...answer, headers: { ...answer.headers, 'Content-Type': `${json}; charset=utf-8` } } : answer;
}

function declaredSchemas(schema: JsonSchema, out = new Map<string, JsonSchema>(), depth = 0): Map<string, JsonSchema> {
  if (depth > 8) return out;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      for (const part of key === 'allOf' ? parts : parts.slice(0, 1))
        if (isObject(part)) declaredSchemas(part, out, depth + 1);
  }
  if (isObject(schema.properties))
    for (const [name, member] of Object.entries(schema.properties)) if (isObject(member)) out.set(name, member);
  return out;
}
