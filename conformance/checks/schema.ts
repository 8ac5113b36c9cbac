import {
  schemaNameOf,
  type CompiledSchema,
  type MediaTypeModel,
  type OperationModel,
  type ResponseModel,
} from '../../spec/index.js';
import { findMediaType } from '../../spec/media/index.js';
import type { SchemaSource } from '../findings/index.js';
import { errorStatusesOf, uniformErrorSchema } from './error-schema.js';
import { findingOf, outsideOperation, refusedBeforeRouting, type Check } from './make-finding.js';

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * The schema every error of an operation carries, where the spec shows one: a `default` or `4XX`
 * response speaks for every error status; otherwise the documented 4xx responses share one schema,
 * and either there are two or more of them or the one is a named error schema of the document
 * (`#/components/schemas/Error`). One inline error says nothing of the others.
 */
export function errorSchemaOf(operation: OperationModel): CompiledSchema | undefined {
  const catchAll = operation.responses.default?.schema ?? operation.responses['4XX']?.schema;
  if (catchAll) return catchAll;
  const errors = Object.entries(operation.responses).filter(([status, r]) => /^4/.test(status) && r.schema);
  const first = errors[0]?.[1].schema;
  if (!first || !errors.every(([, r]) => r.schema!.schema === first.schema)) return undefined;
  return errors.length >= 2 || schemaNameOf(first.schema) !== undefined ? first : undefined;
}

/** The media type the documented errors carry `schema` in (`text/xml` when they are XML only), if one does. */
function errorMediaTypeOf(operation: OperationModel, schema: CompiledSchema): string | undefined {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^(?:4|5|default)/i.test(status)) continue;
    const key = Object.keys(response.content).find((k) => response.content[k]!.schema?.schema === schema.schema);
    if (key !== undefined) return key;
  }
  return undefined;
}

/** The documented media type the response's Content-Type falls under (the preferred one when it names none). */
function mediaOf(response: ResponseModel, contentType: string | undefined): MediaTypeModel | undefined {
  const keys = Object.keys(response.content);
  const key = contentType ? findMediaType(keys, contentType) : undefined;
  return key ? response.content[key] : undefined;
}

/**
 * The body validates against the schema documented for its status and media type. An error status
 * the operation does not document (e.g. 415) must still carry the operation's error body. JSON
 * bodies are parsed, text bodies are checked as strings, other media types are not read.
 */
export const checkSchema: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  // A response to HEAD has no content (RFC 9110 §9.3.2): there is no body to match.
  // An undocumented 5xx is the server_error check's; a documented one owes its documented body.
  if (!r || (r.status >= 500 && !operation.responseFor(r.status)) || (r.status >= 300 && r.status < 400)) return [];
  if (exchange.request.method === 'HEAD') return [];
  // 204 and 205 have no content (RFC 9110 §15.3.5, §15.3.6: "a 205 response MUST NOT contain
  // content"): a body schema the spec gives them cannot be met, and an empty answer is right.
  if ((r.status === 204 || r.status === 205) && r.bodyText === '') return [];
  if (outsideOperation(exchange.case, operation) || refusedBeforeRouting(r.status)) return [];
  const documented = operation.responseFor(r.status);
  const contentType = r.headers['content-type'];
  const media = documented ? mediaOf(documented, contentType) : undefined;
  // A body in a media type the spec does not name for this status is the content-type check's
  // finding; its schema is then the preferred one (what a client would try to read).
  const schema =
    media?.schema ?? documented?.schema ?? (r.status >= 400 && !documented ? errorSchemaOf(operation) : undefined);
  if (!schema) return [];
  const mediaType =
    media?.mediaType ??
    (documented
      ? (Object.keys(documented.content).find((k) => documented.content[k]!.schema === schema) ?? '')
      : (errorMediaTypeOf(operation, schema) ?? 'application/json'));
  // Outside the documented requests (a probe) a success is anyone's guess, but an error still owes
  // the body the spec declares for every error.
  const owed = r.status >= 400 && uniformErrorSchema(operation) !== undefined;
  const probe = exchange.case.kind === 'probe' && !owed;
  // A status the operation does not document has no schema in the document: the one its other
  // errors share is an inference, shown as an advisory and never a failure (findings/basis.ts).
  const severity = !documented ? 'advisory' : probe ? 'warning' : 'failure';
  const gap = probe && documented ? { gap: 'other-endpoints' } : {};
  const source: SchemaSource = documented
    ? { source: 'status' }
    : { source: 'errors', errorStatuses: errorStatusesOf(operation) };
  let value: unknown;
  // A spec that names no media type (`*/*`, Swagger 2.0 without `produces`) does not ask for JSON:
  // an answer labelled otherwise is read as its label says (a text body as one string).
  const wildcard = mediaType === '' || mediaType === '*/*';
  const labelled = (contentType ?? '').split(';')[0]!.trim();
  const readAs = wildcard && labelled !== '' && !JSON_MEDIA.test(labelled) ? labelled : mediaType;
  if (JSON_MEDIA.test(readAs) || readAs === '' || readAs === '*/*') {
    if (r.json === undefined) {
      return [
        r.bodyText.trim() === ''
          ? findingOf(exchange, {
              code: 'schema_mismatch',
              severity,
              check: 'schema',
              evidence: { scenario: 'empty-body', status: r.status, schema: source },
              ...gap,
            })
          : findingOf(exchange, {
              code: 'invalid_json',
              severity,
              check: 'schema',
              evidence: { status: r.status, schema: source },
              ...gap,
            }),
      ];
    }
    value = r.json;
  } else if (/^text\//i.test(readAs) && !/xml/i.test(readAs) && isTextSchema(schema.schema)) {
    // A text body is one string; an XML body (text/xml) is described by its schema and `xml` hints,
    // which the kit does not read.
    value = r.bodyText;
  } else {
    return [];
  }
  const result = schema.validate(value);
  if (result.ok) return [];
  // A body whose only fault is matching several branches of a `oneOf` meets a schema whose branches
  // overlap (often `oneOf` written where `anyOf` was meant: two object schemas with no member
  // required): the spec may admit no body at all. A contract gap, failing only under --strict.
  const overlapping = result.errors.every((issue) => issue.ambiguous === true);
  return [
    findingOf(exchange, {
      code: 'schema_mismatch',
      severity: overlapping && severity === 'failure' ? 'warning' : severity,
      check: 'schema',
      evidence: { scenario: 'body', status: r.status, schema: source, issues: result.errors.slice(0, 10) },
      ...(overlapping ? { gap: 'one-of-overlap' } : gap),
    }),
  ];
};

/** Whether a schema describes a text body as one string (or says nothing of its type). */
function isTextSchema(schema: Record<string, unknown>): boolean {
  return (
    schema.type === undefined ||
    schema.type === 'string' ||
    (Array.isArray(schema.type) && schema.type.includes('string'))
  );
}
