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
  const fail = (message: string, evidence: Obj) =>
    out.push(
      findingOf(exchange, {
        code: 'semantic_violation',
        severity: 'failure',
        check: 'semantics.echo',
        message,
        evidence,
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
        message: `The name's unpaired surrogate came back as U+FFFD.`,
        evidence: { sent: sent.name, received: got.name },
      }),
    );
  } else if ('name' in sent && got.name !== sent.name) {
    fail(`The created pet's name is ${JSON.stringify(got.name)}; ${JSON.stringify(sent.name)} was sent.`, {
      sent: sent.name,
      received: got.name,
    });
  }
  const category = 'categoryId' in sent ? compareNumbers(sent.categoryId, got.categoryId) : 'exact';
  if (category === 'different') {
    fail(`The created pet's categoryId is ${String(got.categoryId)}; ${String(sent.categoryId)} was sent.`, {
      sent: String(sent.categoryId),
      received: String(got.categoryId),
    });
  } else if (category === 'same-double') {
    out.push(
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'semantics.echo',
        gap: 'integer-precision',
        message: `categoryId ${String(sent.categoryId)} came back as ${String(got.categoryId)}: rounded to a double.`,
        evidence: { sent: String(sent.categoryId), received: String(got.categoryId) },
      }),
    );
  }
  if ('status' in sent && got.status !== sent.status) {
    fail(
      `The created pet's status is ${JSON.stringify(got.status ?? null)}; ${JSON.stringify(sent.status)} was sent.`,
      { sent: sent.status, received: got.status },
    );
  }
  if (!('status' in sent) && got.status !== undefined) {
    out.push(
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'semantics.echo',
        gap: 'default-status',
        message: `A pet created without a status came back with status ${JSON.stringify(got.status)}.`,
        evidence: { defaultStatus: got.status },
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
      message: `GET for id ${requested} answered the pet with id ${String(got.id)}.`,
      evidence: { requested, received: String(got.id) },
    }),
  ];
};
