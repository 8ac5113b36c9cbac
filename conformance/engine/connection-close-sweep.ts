import type { SpecModel } from '../../spec/index.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import type { PropertyContext } from './kit-property.js';
import type { KitSweep } from './kit-property.js';

/**
 * One ordinary read with `Connection: close` (sent over a plain socket: HTTP clients manage that
 * header themselves). RFC 9112 §9.6: the server MUST close the connection after its answer, and
 * SHOULD say `close`; the connection-close check fails an answer that says `keep-alive`. The read
 * is the first GET without path parameters (a collection), else the first GET.
 */
export function connectionCloseSweep(spec: SpecModel, context: PropertyContext): KitSweep[] {
  const gets = spec.operations.filter((o) => o.method === 'get');
  const reader = gets.find((o) => !o.parameters.some((p) => p.in === 'path')) ?? gets[0];
  if (!reader) return [];
  return [
    {
      id: `${reader.operationId}/connection-close`,
      family: 'connection-close',
      operationId: reader.operationId,
      async execute() {
        const base = toValidCase(reader, ordinaryParts(reader, context.known(reader.operationId), context.seed));
        const exchange = await context.send({
          ...base,
          family: 'connection-close',
          headers: { ...base.headers, connection: 'close' },
        });
        return { exchanges: [exchange], findings: context.judge(exchange) };
      },
    },
  ];
}
