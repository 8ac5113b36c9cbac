import { findingOf, mediaTypeOf, type Check } from './make-finding.js';

/**
 * Every response with a body is JSON: `application/json`, parameters such as `charset` allowed.
 * A structured `+json` type is JSON too but not what the contract names: a contract gap.
 */
export const checkContentType: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status >= 500 || (r.status >= 300 && r.status < 400)) return [];
  const documentedBody = (operation.responseFor(r.status)?.mediaTypes.length ?? 0) > 0;
  if (r.bodyText.length === 0 && !documentedBody) return [];
  const type = mediaTypeOf(r.headers);
  if (type === 'application/json') return [];
  const probe = exchange.case.kind === 'probe';
  if (/^application\/[\w.-]+\+json$/.test(type)) {
    return [findingOf(exchange, { code: 'contract_gap', severity: 'warning', check: 'content_type', gap: 'media-types', message: `Content-Type is ${type}; the contract names application/json.` })];
  }
  return [
    findingOf(exchange, {
      code: 'content_type',
      severity: probe ? 'warning' : 'failure',
      check: 'content_type',
      message: `Content-Type is ${type ? JSON.stringify(r.headers['content-type']) : 'missing'}; every response of the API is application/json.`,
      ...(probe ? { gap: 'other-endpoints' } : {}),
    }),
  ];
};
