import type { Case } from '../cases/index.js';
import { unsafeIntegerMember, validityFaults, type ValidityFault } from '../generate/request-validity.js';
import type { OperationModel } from '../../spec/index.js';

/** What the gate makes of a case before it is sent: the case to send, or why it cannot go as valid. */
export type Gated = { readonly send: Case } | { readonly fault: ValidityFault };

/**
 * The last look at a request the kit calls valid, right before it is sent: it must pass the spec's
 * own request validators (body, parameters), or it is not sent at all (the generator could not make
 * a valid value: the caller notes a gap). An integer beyond ±(2^53−1) is no ordinary valid value: a
 * case carrying one, not already marked as an edge, goes as the `integer-precision` landmark (a
 * refusal of it is a gap). Other kinds of cases (invalid, auth, probes) pass unchanged, unless the
 * operation's own path cannot carry its required parameters.
 */
export function gateValid(c: Case, operation: OperationModel): Gated {
  // A required path parameter its template does not name (`/todos/:id` declaring `id`, an Express
  // path written into the document) has nowhere to go: no request of the operation is the one the
  // spec describes, so none is sent as valid, nor as a request the target should accept (held-out
  // set 49). Invalid cases still go: a refusal is their expected answer.
  const unplaced = c.kind === 'invalid' ? undefined : unplacedPathParameter(operation);
  if (unplaced) return { fault: unplaced };
  if (c.kind !== 'valid') return { send: c };
  const [fault] = validityFaults(c, operation);
  if (fault) return { fault };
  const unsafe = c.edge === undefined ? unsafeIntegerMember(c) : undefined;
  if (unsafe === undefined) return { send: c };
  return {
    send: {
      ...c,
      edge: {
        gap: 'integer-precision',
        description: `${unsafe} holds an integer beyond 2^53 (RFC 8259 §6 interoperability)`,
      },
    },
  };
}

/**
 * The first required path parameter the operation's template has no `{name}` for, as a fault, where
 * the path was meant to carry it: a router's placeholder written into the template (`/todos/:id`), or
 * a template with no `{…}` of its own. A template that names its own parameters and not this one
 * (NestJS's `/api/book/{bookId}` declaring an `id` too, held-out set 151) describes its requests
 * whole: the stray parameter goes nowhere, as a client would send it.
 */
function unplacedPathParameter(operation: OperationModel): ValidityFault | undefined {
  const templated = /\{[^}]+\}/.test(operation.path);
  const missing = operation.parameters.find(
    (p) =>
      p.in === 'path' &&
      p.required &&
      !operation.path.includes(`{${p.name}}`) &&
      (!templated || operation.path.split('/').includes(`:${p.name}`)),
  );
  return missing
    ? {
        member: `path ${missing.name}`,
        why: `the path ${operation.path} has no {${missing.name}}: a required path parameter has nowhere to go`,
      }
    : undefined;
}
