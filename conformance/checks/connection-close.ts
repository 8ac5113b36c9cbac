import { findingOf, type Check } from './make-finding.js';

/**
 * RFC 9112 §9.6: "A server that receives a "close" connection option MUST initiate closure of the
 * connection after it sends the final response to the request that contained the "close"
 * connection option. The server SHOULD send a "close" connection option in its final response on
 * that connection." An answer to such a request that says `Connection: keep-alive` (and not
 * `close`) announces the connection stays open: a failure. An answer without Connection says
 * nothing either way.
 */
export const checkConnectionClose: Check = ({ exchange }) => {
  const r = exchange.response;
  const asked = exchange.request.headers.connection;
  const answered = r?.headers.connection;
  if (!r || asked === undefined || answered === undefined) return [];
  const options = (value: string) =>
    value
      .toLowerCase()
      .split(',')
      .map((o) => o.trim());
  if (!options(asked).includes('close')) return [];
  const said = options(answered);
  if (said.includes('close') || !said.includes('keep-alive')) return [];
  return [
    findingOf(exchange, {
      code: 'protocol_violation',
      severity: 'failure',
      check: 'protocol',
      evidence: { rule: 'connection-close', connection: answered },
    }),
  ];
};
