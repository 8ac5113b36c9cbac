import type { JsonSchema, OperationModel } from '../../spec/index.js';

/**
 * The request body members that may carry an API key: members the body schema declares under the
 * name of one of the operation's API-key schemes' parameters. A spec may say the key goes in the
 * body although its scheme names a query parameter or header (express-zod-api writes
 * `x-in-actual: body`): the kit puts the credential there too (send/build-request.ts), and a refusal
 * of a request whose member does not hold it is no refusal of the key (checks/status.ts).
 */
export function keyMembers(operation: OperationModel): string[] {
  const schema = operation.requestBody?.schema.schema;
  if (!schema) return [];
  const branches = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [])];
  const declares = (name: string) =>
    branches.some(
      (b) =>
        typeof b === 'object' &&
        b !== null &&
        typeof b.properties === 'object' &&
        b.properties !== null &&
        Object.hasOwn(b.properties, name),
    );
  const names = operation.security.alternatives.flatMap((r) =>
    r.flatMap(({ scheme }) => (scheme.kind === 'apiKey' ? [scheme.parameter] : [])),
  );
  return [...new Set(names)].filter(declares);
}
