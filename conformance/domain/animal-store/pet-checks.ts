import { parse as parseLossless } from 'lossless-json';
import { type Check, findingOf } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import { compareNumbers } from './exact.js';

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The string with every unpaired surrogate replaced by U+FFFD, as String.prototype.toWellFormed does. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * The body as sent: the generated value, or the parsed text of a raw JSON body (other spellings of
 * the same value: escapes, `1e2`). Not for bodies whose meaning parsers disagree on (duplicate members).
 */
function sentValue(exchange: Parameters<Check>[0]['exchange']): unknown {
  const body = exchange.case.body;
  if (body?.kind === 'json') return body.value;
  if (body?.kind !== 'raw' || exchange.case.edge?.gap === 'duplicate-members') return undefined;
  try {
    return parseLossless(body.text);
  } catch {
    return undefined;
  }
}

/** A created animal echoes `name`, `categoryId` and `status` as sent. */
export const checkCreateEcho: Check = ({ exchange }) => {
  const r = exchange.response;
  const body = exchange.case.body;
  if (!r || r.status !== 201 || exchange.case.kind === 'invalid' || body === undefined) return [];
  const sent = sentValue(exchange);
  const got = r.exactJson;
  if (!isObject(sent) || !isObject(got)) return [];
  const out: Finding[] = [];
  const fail = (member: string, sent: unknown, received: unknown) =>
    out.push(
      findingOf(exchange, {
        code: 'semantic_violation',
        severity: 'failure',
        check: 'semantics.echo',
        evidence: { rule: 'echo', member, sent, received },
      }),
    );
  if (
    typeof sent.name === 'string' &&
    typeof got.name === 'string' &&
    got.name !== sent.name &&
    got.name === wellFormed(sent.name)
  ) {
    // Some JSON decoders (Go's encoding/json) read an unpaired surrogate escape as U+FFFD.
    out.push(
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'semantics.echo',
        gap: 'field-size-limits',
        evidence: { scenario: 'surrogate-replaced', sent: sent.name, received: got.name },
      }),
    );
  } else if ('name' in sent && got.name !== sent.name) {
    fail('name', sent.name, got.name);
  }
  const category = 'categoryId' in sent ? compareNumbers(sent.categoryId, got.categoryId) : 'exact';
  if (category === 'different') {
    fail('categoryId', String(sent.categoryId), String(got.categoryId));
  } else if (category === 'same-double') {
    out.push(
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'semantics.echo',
        gap: 'integer-precision',
        evidence: { scenario: 'double-rounded', sent: String(sent.categoryId), received: String(got.categoryId) },
      }),
    );
  }
  if ('status' in sent && got.status !== sent.status) {
    fail('status', sent.status, got.status);
  }
  if (!('status' in sent) && got.status !== undefined) {
    out.push(
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'semantics.echo',
        gap: 'default-status',
        evidence: { scenario: 'default-status', defaultStatus: got.status },
      }),
    );
  }
  return out;
};

/**
 * getPet answers the animal that was asked for, and no animal for an id that is not an integer.
 * Robustness probes (`0x1F`, a full-width `１`) are not integers either, but frameworks with
 * lenient number parsing (Fastify's coercion, Java's Long.valueOf) read them as 31 and 1: noted.
 */
export const checkGetIdentity: Check = ({ exchange }) => {
  const r = exchange.response;
  const requested = exchange.case.pathParams.petId;
  // No animal has a non-integer id: a 200 for `/pets/1.5` answers some other pet (parseInt-style reads).
  if (!r || r.status !== 200 || requested === undefined) return [];
  const got = r.exactJson;
  if (!isObject(got)) return [];
  const match = compareNumbers(requested, got.id);
  if (match !== 'different') return [];
  return [
    findingOf(exchange, {
      code: 'semantic_violation',
      severity: exchange.case.kind === 'probe' ? 'warning' : 'failure',
      check: 'semantics.identity',
      evidence: { rule: 'identity', requested, received: String(got.id) },
    }),
  ];
};
