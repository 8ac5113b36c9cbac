import type { CheckName } from '../../checks/registry.js';
import fc from 'fast-check';
import type { JsonSchema, SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { SemanticEvidence } from '../../findings/index.js';
import { mergeAllOf } from '../../generate/index.js';
import { isFreeText } from '../../generate/free-text.js';
import type { SequenceProperty } from '../rules.js';
import { createCase, is2xx, operationsOf, itemCase, scopeOf } from './collection-requests.js';
import { createdId, itemBody } from './items.js';
import { clientChoosesId } from './lifecycle.js';
import { ExchangeLog } from '../../sweep/index.js';

const FAMILY = 'semantics.concurrency';

/** The longest text the property writes: `Concurrent 99999-12`. */
const TEXT_LENGTH = 19;

/**
 * A member of the create body any text fits, long enough for the property's tags: the property
 * tells the items apart by it.
 */
function taggedMember(create: JsonSchema | undefined): string | undefined {
  if (!create) return undefined;
  const properties = (mergeAllOf(create).properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(properties).find((name) => {
    const member = mergeAllOf(properties[name]!);
    return (
      isFreeText(member) &&
      member.readOnly !== true &&
      (typeof member.maxLength !== 'number' || member.maxLength >= TEXT_LENGTH) &&
      (typeof member.minLength !== 'number' || member.minLength <= 10)
    );
  });
}

/**
 * Creations sent at the same moment each make their own item, for any collection whose ids the
 * server hands out and whose create body has a free-text member: distinct ids, and each item read
 * back with the text it was sent. Catches counters read and written in two steps and request state
 * shared between requests. Rests on the id inference, which findings name.
 */
export function concurrentCreates(
  spec: SpecModel,
  collection: CollectionModel,
): SequenceProperty<{ count: number; tag: number }> | undefined {
  const { create, read } = operationsOf(spec, collection);
  const id = collection.id;
  if (!create || !read || !id || clientChoosesId(create, id.member)) return undefined;
  if (!/json/i.test(create.requestBody?.preferredMediaType ?? '')) return undefined;
  const member = taggedMember(create.requestBody?.schema.schema);
  if (!member) return undefined;
  return {
    id: `${create.operationId}/concurrency`,
    operationId: create.operationId,
    operations: [create.operationId, read.operationId],
    writes: true,
    runs: 4,
    arbitrary: () => fc.record({ count: fc.integer({ min: 4, max: 12 }), tag: fc.nat({ max: 99_999 }) }),
    async execute({ count, tag }, context) {
      const log = new ExchangeLog(context);
      const scope = scopeOf(context, collection, create);
      if (!scope) return log.execution();
      const send = async (c: Parameters<typeof context.send>[0]) => {
        const exchange = await log.send(c);
        return exchange;
      };
      const fail = (exchange: Exchange, check: CheckName, evidence: SemanticEvidence) => {
        // A 429 the retries did not get past, or a cached copy (`Age`), says nothing of the store.
        if (exchange.response?.status === 429 || exchange.response?.headers.age !== undefined) return;
        log.add(findingOf(exchange, { code: 'semantic_violation', severity: 'failure', check, evidence }));
      };
      const texts = Array.from({ length: count }, (_, i) => `Concurrent ${tag}-${i + 1}`);
      const created = await Promise.all(
        texts.map((text) => send(createCase(context, create, scope, FAMILY, { [member]: text }))),
      );
      const owners = new Map<string, string>();
      const stored: { id: string; text: string }[] = [];
      for (const [i, exchange] of created.entries()) {
        const itemId =
          is2xx(exchange) && exchange.response ? createdId(collection, exchange.response, create) : undefined;
        if (itemId === undefined) continue;
        const other = owners.get(itemId);
        if (other !== undefined)
          fail(exchange, 'semantics.unique_ids', { rule: 'id-concurrent', id: itemId, names: [other, texts[i]!] });
        owners.set(itemId, texts[i]!);
        stored.push({ id: itemId, text: texts[i]! });
      }
      if (log.findings.some((f) => f.severity === 'failure')) return log.execution();
      const reads = await Promise.all(stored.map((s) => send(itemCase(read, collection, scope, s.id, FAMILY))));
      for (const [i, exchange] of reads.entries()) {
        const body = is2xx(exchange) ? itemBody(collection, exchange.response) : undefined;
        const got =
          body !== null && typeof body === 'object' && !Array.isArray(body)
            ? (body as Record<string, unknown>)[member]
            : undefined;
        if (got !== undefined && got !== stored[i]!.text)
          fail(exchange, 'semantics.persistence', {
            rule: 'concurrent-name',
            id: stored[i]!.id,
            sent: stored[i]!.text,
            stored: got,
          });
      }
      return log.execution();
    },
  };
}
