import { type Check, findingOf } from '../../checks/index.js';
import { TYPE_COERCION_GAP } from '../../generate/mutations.js';

/**
 * The status a pet created without one comes back with, noted as the `default-status` gap. The
 * contract's prose leaves the default unshown (§3: "a status can only be given when an animal is
 * added"), and the spec's schema gives `status` no default: nothing in the spec says a default may
 * or may not appear, so no inference could name this gap. What the created pet does echo (name,
 * categoryId, status as sent) is the inferred `semantics.echo`.
 */
export const noteDefaultStatus: Check = ({ exchange }) => {
  const r = exchange.response;
  const body = exchange.case.body;
  if (!r || r.status !== 201 || exchange.case.kind === 'invalid' || body?.kind !== 'json') return [];
  const sent = body.value;
  const got = r.exactJson as Record<string, unknown> | undefined;
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent) || 'status' in sent) return [];
  if (got === null || typeof got !== 'object' || got.status === undefined) return [];
  return [
    findingOf(exchange, {
      code: 'contract_gap',
      severity: 'warning',
      check: 'semantics.echo',
      gap: 'default-status',
      evidence: { scenario: 'default-status', member: 'status', defaultStatus: got.status },
    }),
  ];
};

/**
 * The Animal Store's contract says what a numeric string for `categoryId` is: §2 types it an integer
 * and §7 answers 400 to a createPet body "with invalid values". So where the generic rule files an
 * accepted coercible spelling (`"5"` for an integer) as the `type-coercion` gap, this contract makes
 * it a failure, resting on the documented 400.
 */
export const refuseCoercedValues: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  const c = exchange.case;
  const reason = c.kind === 'invalid' ? c.invalid : undefined;
  if (!r || r.status < 200 || r.status >= 300 || reason?.gap !== TYPE_COERCION_GAP) return [];
  return [
    findingOf(exchange, {
      code: 'negative_accepted',
      severity: 'failure',
      check: 'negative',
      evidence: {
        location: reason.location,
        pointer: reason.pointer,
        keyword: reason.keyword,
        why: reason.description,
        status: r.status,
      },
      basis: {
        kind: 'spec',
        pointer: `${operation.pointer}/responses/400`,
        says: 'the contract §7: 400 for a body with invalid values (a string is not an integer, §2)',
      },
    }),
  ];
};

/**
 * The Animal Store's contract says what a `petId` that names no animal gets: §4.3 and §7 answer 404
 * "No animal can be found for the given `petId`". A petId the schema calls invalid (`1.5`, `1abc`)
 * names no animal, so a pet answered for it (parseInt's pet 1) breaks those words. The inferred
 * identity rule leaves such ids to the negative rules, since most specs say nothing of them.
 */
export const invalidPetIdNamesNoPet: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  const c = exchange.case;
  const requested = c.pathParams.petId;
  if (!r || r.status !== 200 || c.kind !== 'invalid' || c.invalid?.location !== 'path.petId' || requested === undefined)
    return [];
  const got = r.exactJson as Record<string, unknown> | undefined;
  const received = got !== null && typeof got === 'object' && !Array.isArray(got) ? got.id : undefined;
  if (received === undefined) return [];
  return [
    findingOf(exchange, {
      code: 'semantic_violation',
      severity: 'failure',
      check: 'semantics.identity',
      evidence: {
        rule: 'identity',
        requested,
        received: String(received),
        parameter: 'petId',
        inference: 'a petId the schema calls invalid names no animal',
      },
      basis: {
        kind: 'spec',
        pointer: `${operation.pointer}/responses/404`,
        says: 'the contract §7: 404 when "No animal can be found for the given `petId`"',
      },
    }),
  ];
};
