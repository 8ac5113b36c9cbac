import type { OperationModel, SpecModel } from '../../spec/index.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import type { Exchange } from '../cases/index.js';
import type { KitSweep, PropertyContext } from './kit-property.js';

const WRITES = new Set(['post', 'put', 'patch']);

/**
 * Writes whose body the spec leaves optional (`requestBody.required` absent or false: OpenAPI's
 * default), sent once each without a body (in a second spelling if the first is refused), otherwise
 * valid. What the target answers is judged by every check like any valid request: a 2xx whose body
 * breaks the documented schema (a 201 missing required members), or an item stored without its id
 * that a list then shows, fails as usual. A refusal with a status the operation documents is the
 * `unjudged-input` gap: many specs leave out a `required: true` their server needs, and the spec's
 * words do not say what an absent body means. A refusal with a status it does not document fails,
 * as for any valid request (held-out set 48).
 */
export function optionalBodySweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  if (readOnly) return [];
  return spec.operations.filter(takesOptionalBody).map((operation) => ({
    id: `${operation.operationId}/optional-body`,
    family: 'optional-body',
    operationId: operation.operationId,
    async execute() {
      const { body: _, ...parts } = ordinaryParts(operation, context.known(operation.operationId), context.seed);
      const c = {
        ...toValidCase(operation, parts, 'optional-body'),
        edge: {
          gap: 'unjudged-input',
          description:
            'no body, which the spec leaves optional (the requestBody is not required): what an absent body means, it does not say',
          documentedRefusalOnly: true as const,
        },
      };
      // "No body" has two spellings: `Content-Length: 0` (what undici and browsers send) and no framing
      // at all (what curl sends). A message framed with a length of 0 has content, empty (RFC 9112 §6),
      // which a server may parse as a JSON body and refuse (held-out set 129: LoopBack's 422 "should
      // be object", with 200 unframed). Refused in one spelling, the other is sent: the target is judged
      // on the one it accepts, and on the first only when it refuses both.
      const framed = await context.send(c);
      if (!refused(framed)) return { exchanges: [framed], findings: context.judge(framed) };
      const unframed = await context.send({ ...c, unframedBody: true });
      const judged = refused(unframed) ? framed : unframed;
      return { exchanges: [framed, unframed], findings: context.judge(judged) };
    },
  }));
}

/** An answer refusing the request (4xx): what the other spelling of an absent body may not get. */
function refused(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  return status !== undefined && status >= 400 && status < 500;
}

/** A write with a JSON body the spec does not require. */
function takesOptionalBody(operation: OperationModel): boolean {
  const body = operation.requestBody;
  return (
    WRITES.has(operation.method) &&
    body !== undefined &&
    body.required !== true &&
    /json/i.test(body.preferredMediaType ?? '')
  );
}
