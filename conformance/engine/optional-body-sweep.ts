import type { OperationModel, SpecModel } from '../../spec/index.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import type { KitSweep, PropertyContext } from './kit-property.js';

const WRITES = new Set(['post', 'put', 'patch']);

/**
 * Writes whose body the spec leaves optional (`requestBody.required` absent or false: OpenAPI's
 * default), sent once each without a body, otherwise valid. What the target answers is judged by
 * every check like any valid request: a 2xx whose body breaks the documented schema (a 201 missing
 * required members), or an item stored without its id that a list then shows, fails as usual. A
 * refusal with a status the operation documents is the `unjudged-input` gap: many specs leave out a
 * `required: true` their server needs, and the spec's words do not say what an absent body means.
 * A refusal with a status it does not document fails, as for any valid request (held-out set 48).
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
      const exchange = await context.send(c);
      return { exchanges: [exchange], findings: context.judge(exchange) };
    },
  }));
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
