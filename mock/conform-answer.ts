import { decodeSegment, isObject } from '../spec/json/index.js';
import type { CompiledSchema, JsonSchema, MediaTypeModel, OperationModel, ResponseModel } from '../spec/index.js';
import { encodeBody, mediaTypeMatches, parseMediaType } from '../spec/media/index.js';
import type { Answer } from './answer.js';
import { sampleValue, schemaSample } from '../spec/generate/index.js';

/** A documented success media type picked for a request's Accept, with the concrete type to send. */
export interface Negotiated {
  readonly status: number;
  readonly response: ResponseModel;
  /** The content key as written (may be a range: `image/*`). */
  readonly key: string;
  /** What goes in Content-Type. */
  readonly contentType: string;
  readonly media: MediaTypeModel;
}

/** JSON (`application/json`, any `+json`) or any type at all (`*\/*`). */
export const isJsonType = (type: string): boolean => {
  const m = parseMediaType(type);
  return m !== undefined && (m.subtype === 'json' || m.suffix === 'json' || (m.type === '*' && m.subtype === '*'));
};

interface AcceptRange {
  readonly range: string;
  readonly q: number;
}

function acceptRanges(accept: string | undefined): AcceptRange[] {
  if (accept === undefined || accept.trim() === '') return [{ range: '*/*', q: 1 }];
  const out: AcceptRange[] = [];
  for (const part of accept.split(',')) {
    const range = part.trim();
    if (range === '') continue;
    const q = /;\s*q=([0-9.]+)/i.exec(range);
    out.push({ range: range.replace(/;\s*q=[0-9.]+/i, ''), q: q ? Number(q[1]) : 1 });
  }
  return out;
}

/** The lowest documented 2xx status of an operation, with its response. */
export function firstSuccess(operation: OperationModel): { status: number; response: ResponseModel } | undefined {
  // Asked on every answer from the spec: computed once per operation.
  if (successes.has(operation)) return successes.get(operation);
  const status = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0];
  const found = status === undefined ? undefined : { status: Number(status), response: operation.responses[status]! };
  successes.set(operation, found);
  return found;
}
const successes = new WeakMap<OperationModel, { status: number; response: ResponseModel } | undefined>();

/**
 * The media type of `response` to answer with for `accept`: the declared type the client ranks
 * highest; JSON among equals (and when Accept is absent or `*\/*`); else the first declared. A declared
 * range (`image/*`) is sent as the concrete type the client named, or a usual member of it.
 * Undefined when the response declares no content, or the client accepts none of it.
 */
export function negotiate(status: number, response: ResponseModel, accept: string | undefined): Negotiated | undefined {
  // Asked on every answer from the spec, mostly with the same few Accept values: remembered per response.
  let known = negotiations.get(response);
  if (!known) negotiations.set(response, (known = new Map()));
  const key = `${status} ${accept ?? ''}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const negotiated = negotiateNow(status, response, accept);
  if (known.size < PICKS_PER_RESPONSE) known.set(key, negotiated ?? null);
  return negotiated;
}
const negotiations = new WeakMap<ResponseModel, Map<string, Negotiated | null>>();

function negotiateNow(status: number, response: ResponseModel, accept: string | undefined): Negotiated | undefined {
  const keys = Object.keys(response.content);
  if (keys.length === 0) return undefined;
  let best: { key: string; contentType: string; q: number; json: boolean; order: number } | undefined;
  for (const [order, key] of keys.entries()) {
    for (const { range, q } of acceptRanges(accept)) {
      if (q <= 0) continue;
      let contentType: string | undefined;
      if (mediaTypeMatches(range, key)) contentType = concreteOf(key);
      else if (mediaTypeMatches(key, range) && !range.includes('*')) contentType = range;
      if (contentType === undefined) continue;
      const json = isJsonType(contentType);
      const better = !best || q > best.q || (q === best.q && json && !best.json);
      if (better) best = { key, contentType, q, json, order };
    }
  }
  if (!best) return undefined;
  return { status, response, key: best.key, contentType: best.contentType, media: response.content[best.key]! };
}

/** A concrete type inside a declared type or range. */
function concreteOf(key: string): string {
  const m = parseMediaType(key);
  if (!m) return 'application/octet-stream';
  if (m.type === '*') return 'application/json';
  if (m.subtype === '*')
    return (
      (
        {
          image: 'image/png',
          text: 'text/plain',
          application: 'application/octet-stream',
          audio: 'audio/mpeg',
          video: 'video/mp4',
        } as Record<string, string>
      )[m.type] ?? 'application/octet-stream'
    );
  if (m.subtype.startsWith('*+')) return `${m.type}/${m.subtype.slice(2)}`;
  return key.trim();
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const JPEG =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
const WEBP = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/**
 * A body of a non-JSON media type for a success: the documented example when it is text of a textual
 * type (or fits the schema), else a placeholder of that type (a 1×1 PNG, GIF, JPEG or WebP, an empty
 * SVG, a one-page PDF, an XML or HTML document, a form from the schema, text from the schema).
 */
export function placeholderAnswer(negotiated: Negotiated, headers?: Record<string, string>): Answer {
  const { contentType, media } = negotiated;
  const m = parseMediaType(contentType);
  const essence = m?.essence ?? contentType;
  const textual =
    m !== undefined &&
    (m.type === 'text' || m.subtype === 'xml' || m.suffix === 'xml' || /javascript|yaml|csv|html/.test(m.subtype));
  const example = Object.values(media.examples).find(
    (e) => typeof e === 'string' && (!media.schema || media.schema.validate(e).ok),
  );
  const withType = (body: string | Uint8Array): Answer => ({
    status: negotiated.status,
    json: typeof body === 'string' ? body : undefined,
    ...(typeof body === 'string' ? {} : { bytes: body }),
    headers: {
      ...headers,
      'Content-Type': textual && !/charset=/i.test(contentType) ? `${contentType}; charset=utf-8` : contentType,
    },
  });
  if (textual && typeof example === 'string') return withType(example);
  switch (essence) {
    case 'image/png':
      return withType(fromBase64(PNG));
    case 'image/gif':
      return withType(fromBase64(GIF));
    case 'image/jpeg':
    case 'image/jpg':
      return withType(fromBase64(JPEG));
    case 'image/webp':
      return withType(fromBase64(WEBP));
    case 'image/svg+xml':
      return withType('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    case 'application/pdf':
      return withType(Uint8Array.from(PDF, (c) => c.charCodeAt(0)));
    case 'text/html':
      return withType('<!DOCTYPE html><html><head><title>mock</title></head><body></body></html>');
    case 'application/x-www-form-urlencoded':
    case 'multipart/form-data': {
      const value = sampleValue(media.schema?.schema);
      try {
        const encoded = encodeBody(
          essence,
          value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {},
          media.schema?.schema,
        );
        return { ...withType(encoded.body), headers: { ...headers, 'Content-Type': encoded.contentType } };
      } catch {
        return withType('');
      }
    }
  }
  if (m !== undefined && (m.subtype === 'xml' || m.suffix === 'xml'))
    return withType('<?xml version="1.0" encoding="UTF-8"?>\n<root/>\n');
  if (textual) {
    const value = sampleValue(media.schema?.schema);
    if (media.schema && value !== null && media.schema.validate(value).ok)
      return withType(typeof value === 'string' ? value : JSON.stringify(value));
    return withType(essence === 'text/csv' ? 'value\n' : 'mock');
  }
  if (typeof example === 'string') return withType(example);
  return withType(new TextEncoder().encode('mock'));
}

/** Whether an answer's body is JSON (the mock's default Content-Type, or a JSON type it set). */
export function isJsonAnswer(answer: Answer): boolean {
  const type = Object.entries(answer.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return type === undefined || isJsonType(String(type));
}

/**
 * Checks a success before it leaves: a body in the media type the client accepts among those the
 * documented response declares, fitting that media type's schema. A JSON body that breaks the schema
 * is replaced by the first of: a documented example that fits, a body `generate` builds (Prism's
 * generator), a body built from the schema (with its examples, then without them); a JSON body where the client asked for an image, a PDF or
 * text becomes a placeholder of that type. Errors, statuses the operation does not document and
 * bodies that fit go out unchanged (a `+json` type is named in Content-Type).
 *
 * @param generate - builds a fresh body for the status from the spec, or undefined
 */
export async function conformSuccess(
  operation: OperationModel,
  answer: Answer,
  accept: string | undefined,
  generate: (status: number, attempt: number) => Promise<unknown>,
): Promise<Answer> {
  if (answer.status < 200 || answer.status >= 300 || answer.bytes !== undefined) return answer;
  const response = operation.responseFor(answer.status);
  if (!response) return answer;
  const picked = negotiatedFor(answer.status, response, accept);
  if (!picked) return answer;
  const { negotiated, json } = picked;
  const others = answer.headers === undefined ? {} : withoutContentType(answer.headers);
  if (!json) return isJsonAnswer(answer) ? placeholderAnswer(negotiated, others) : answer;
  if (!isJsonAnswer(answer)) return answer;
  const schema = negotiated.media.schema;
  if (!schema) return named(answer, picked);
  // Checked as it was made (a generated body), or the same text again (a stored list or item, asked
  // for again): known to fit, nothing to parse.
  if (answer.checked === schema) return named(answer, picked);
  if (answer.json !== undefined && fittingTexts.get(schema)?.has(answer.json)) return named(answer, picked);
  let body: unknown;
  let parsed = false;
  if (answer.json !== undefined && answer.json !== '') {
    try {
      body = JSON.parse(answer.json);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (parsed && fits(schema, answer.json!, body)) return named(answer, picked);
  // An empty answer where the response documents a body only fits a schema that takes nothing at all.
  const candidates: (() => unknown | Promise<unknown>)[] = [
    ...Object.values(negotiated.media.examples).map((e) => () => e),
    ...[0, 1, 2].map((attempt) => () => generate(answer.status, attempt)),
    () => sampleValue(schema.schema),
    // The example a schema carries can itself break it (`"task-result": ""` for a oneOf of objects):
    // the answer, then that sample, without the optional members that break their own schema.
    () => (parsed ? withoutBrokenOptionals(body, schema) : undefined),
    () => withoutBrokenOptionals(sampleValue(schema.schema), schema),
    // Examples that break their own schema all the way down: a body from the schema's keywords alone.
    () => schemaSample(schema.schema),
  ];
  for (const candidate of candidates) {
    let value: unknown;
    try {
      value = await candidate();
    } catch {
      continue;
    }
    if (value === undefined) continue;
    if (schema.validate(value).ok) return named({ ...answer, json: JSON.stringify(value), headers: others }, picked);
  }
  return named(answer, picked);
}

/** A negotiated success media type, with what {@link conformSuccess} asks of it every time. */
interface Picked {
  readonly negotiated: Negotiated;
  /** The type is JSON. */
  readonly json: boolean;
  /** The type goes in Content-Type (a JSON type other than `application/json`). */
  readonly named: boolean;
}

/** Accept values remembered per response (a client controls the header: bounded). */
const PICKS_PER_RESPONSE = 64;
const picks = new WeakMap<ResponseModel, Map<string, Picked | null>>();

/**
 * {@link negotiate} for the client's Accept, else for none, remembered per response, status and
 * Accept: negotiation is a pure function of them, and parsing every range again was per-request work
 * (issue 23).
 */
function negotiatedFor(status: number, response: ResponseModel, accept: string | undefined): Picked | undefined {
  let known = picks.get(response);
  if (!known) picks.set(response, (known = new Map()));
  const key = `${status} ${accept ?? ''}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const negotiated = negotiate(status, response, accept) ?? negotiate(status, response, undefined);
  const picked = negotiated && {
    negotiated,
    json: isJsonType(negotiated.contentType),
    named: !/^application\/json\b/i.test(negotiated.contentType) && !negotiated.contentType.includes('*'),
  };
  if (known.size < PICKS_PER_RESPONSE) known.set(key, picked ?? null);
  return picked;
}

/** An answer in the picked JSON type: named in Content-Type unless it is `application/json`. */
function named(answer: Answer, picked: Picked): Answer {
  if (!picked.named) return answer;
  return {
    ...answer,
    headers: { ...answer.headers, 'Content-Type': `${picked.negotiated.contentType}; charset=utf-8` },
  };
}

/** Headers without Content-Type (either casing the mock writes). */
function withoutContentType(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { 'Content-Type': _type, 'content-type': _lower, ...others } = headers;
  return others;
}

/**
 * JSON texts already found to fit a schema. A stateful answer is mostly the same text again (the list
 * a client polls, the item it reads): parsing and validating it on every request was a tenth of the
 * mock's CPU under load (issue 23). Validation is a pure function of the text, so a hit answers the
 * same as a check; bounded by {@link FITTING_BUDGET} characters, all forgotten when full.
 */
let fittingTexts = new WeakMap<CompiledSchema, Set<string>>();
let fittingChars = 0;
/** Characters of remembered texts, over all schemas (about 2 MiB of strings at most). */
const FITTING_BUDGET = 1024 * 1024;

/** Whether `body` (parsed from `text`) fits `schema`; a fitting text is remembered. */
function fits(schema: CompiledSchema, text: string, body: unknown): boolean {
  if (!schema.validate(body).ok) return false;
  if (text.length <= FITTING_BUDGET / 16) {
    if (fittingChars + text.length > FITTING_BUDGET) {
      fittingTexts = new WeakMap();
      fittingChars = 0;
    }
    let texts = fittingTexts.get(schema);
    if (!texts) fittingTexts.set(schema, (texts = new Set()));
    texts.add(text);
    fittingChars += text.length;
  }
  return true;
}

/**
 * An object without the members the schema's errors point into when the schema does not require
 * them, or undefined when that changes nothing (not an object, or only required members break).
 */
function withoutBrokenOptionals(value: unknown, schema: CompiledSchema): unknown {
  if (!isObject(value)) return undefined;
  const result = schema.validate(value);
  if (result.ok) return value;
  const required = new Set(requiredOf(schema.schema));
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  let dropped = false;
  for (const error of result.errors) {
    const token = /^\/([^/]+)/.exec(error.pointer)?.[1];
    const member = token === undefined ? undefined : decodeSegment(token);
    if (member === undefined || required.has(member) || !(member in out)) continue;
    delete out[member];
    dropped = true;
  }
  return dropped ? out : undefined;
}

function requiredOf(schema: JsonSchema, depth = 0): string[] {
  if (depth > 8) return [];
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const parts = Array.isArray(schema.allOf)
    ? (schema.allOf as JsonSchema[]).flatMap((p) => requiredOf(p, depth + 1))
    : [];
  return [...own, ...parts];
}

/** The bytes a (valid) base64 constant spells. */
function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
