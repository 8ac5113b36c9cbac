import { findingOf, type Check } from './make-finding.js';

/**
 * RFC 9110 §9.3.2: "The server SHOULD send the same header fields in response to a HEAD request as
 * it would have sent if the request method had been GET", and a response to HEAD never carries
 * content (§6.4.1: "responses to the HEAD request method never include content"). Bytes after the
 * header block of a HEAD answer corrupt the connection for whatever is sent next: a failure.
 */
export const checkHead: Check = ({ exchange }) => {
  const r = exchange.response;
  if (!r || exchange.request.method.toUpperCase() !== 'HEAD' || r.bodyText.length === 0) return [];
  return [
    findingOf(exchange, {
      code: 'head_content',
      severity: 'failure',
      check: 'protocol',
      evidence: { status: r.status, bytes: r.bodyText.length, basis: 'RFC 9110 §9.3.2, §6.4.1' },
    }),
  ];
};
