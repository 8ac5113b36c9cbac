import type { OperationModel } from '../../spec/index.js';
import { mediaTypeMatches } from '../../spec/media/index.js';
import { uniformErrorSchema } from './error-schema.js';
import { findingOf, mediaTypeOf, outsideOperation, refusedBeforeRouting, type Check } from './make-finding.js';

/** The media types an error of the operation may come in: those its documented 4xx and default responses name. */
export function errorMediaTypes(operation: OperationModel): string[] {
  // As for the error schema: only where the documented errors agree (or a default / 4XX speaks for all).
  const catchAll = operation.responses.default ?? operation.responses['4XX'];
  if (catchAll) return [...catchAll.mediaTypes];
  const errors = Object.entries(operation.responses).filter(
    ([status, r]) => /^4/.test(status) && r.mediaTypes.length > 0,
  );
  if (errors.length < 2) return [];
  const key = (types: readonly string[]) => [...types].sort().join(',');
  return errors.every(([, r]) => key(r.mediaTypes) === key(errors[0]![1].mediaTypes))
    ? [...errors[0]![1].mediaTypes]
    : [];
}

/**
 * Every response body comes in a media type its operation documents for that status (an error
 * status the operation does not document, in one of its errors' media types), parameters such as
 * `charset` allowed, ranges such as `text/*` honoured. A structured `+json` type where plain JSON
 * is documented is JSON too, but not what the spec names: a contract gap.
 */
export const checkContentType: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  // HEAD has no content; its Content-Type is only a SHOULD (RFC 9110 §9.3.2).
  if (!r || r.status >= 500 || (r.status >= 300 && r.status < 400) || exchange.request.method === 'HEAD') return [];
  // An answer with no body has no media type to name (RFC 9110 §8.3: Content-Type describes content),
  // and an answer outside the operation is not the operation's.
  if (r.bodyText.length === 0 || outsideOperation(exchange.case, operation) || refusedBeforeRouting(r.status))
    return [];
  const documented = operation.responseFor(r.status);
  const declared =
    documented && documented.mediaTypes.length > 0
      ? documented.mediaTypes
      : r.status >= 400 && !documented
        ? errorMediaTypes(operation)
        : [];
  // A response the spec gives no body has nothing to match; nor has an empty body where one is optional.
  if (declared.length === 0 || (r.bodyText.length === 0 && !(documented && documented.mediaTypes.length > 0)))
    return [];
  const header = r.headers['content-type'];
  if (header !== undefined && declared.some((d) => mediaTypeMatches(d, header))) return [];
  const type = mediaTypeOf(r.headers);
  // A probe's error still comes in the media type of the body every error of the operation carries;
  // and a probe with the operation's own method and path (a parameter repeated, say) is answered by
  // the operation itself: a status it documents by number comes in that status's media types.
  const c = exchange.case;
  const ownRoute =
    (c.method === undefined || c.method.toLowerCase() === operation.method) &&
    c.literalPath === undefined &&
    operation.responses[String(r.status)] !== undefined;
  const probe = c.kind === 'probe' && !ownRoute && !(r.status >= 400 && uniformErrorSchema(operation) !== undefined);
  if (/^application\/[\w.-]+\+json$/.test(type) && declared.some((d) => mediaTypeMatches(d, 'application/json'))) {
    return [
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'content_type',
        gap: 'media-types',
        evidence: { scenario: 'structured-json', contentType: type, documented: declared },
      }),
    ];
  }
  return [
    findingOf(exchange, {
      code: 'content_type',
      // An undocumented status's media type is inferred from the documented errors: an advisory.
      severity: !documented ? 'advisory' : probe ? 'warning' : 'failure',
      check: 'content_type',
      evidence: { status: r.status, contentType: header ?? null, documented: declared },
      ...(probe && documented ? { gap: 'other-endpoints' } : {}),
    }),
  ];
};
