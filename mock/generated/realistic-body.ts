import { envelopeHolder, envelopeItems, withEnvelopeItems } from '../../spec/resources/envelope.js';
import type { CompiledSchema, OperationModel, SpecModel } from '../../spec/index.js';
import type { CollectionModel, ResourceModel } from '../../spec/resources/index.js';
import type { RequestInput } from '../request-input.js';
import { collectionOf } from './collection-of.js';
import { TOTAL_MEMBERS } from '../total-members.js';
import { isObject } from '../../spec/json/index.js';

type Obj = Record<string, unknown>;

/**
 * A generated 2xx body made to mean what the request asked, as the stateful mode would answer it:
 * list items carry the filter values asked for (`status=sold`) and ascending positive ids from the
 * page's offset, a read carries the asked id, a create/replace/update echoes the members sent (the
 * values themselves are already realistic: the spec module's generator draws them so). Each change
 * is kept only where the item schema still holds, and the whole body only when the response schema
 * holds; undefined when nothing could be kept (the caller sends the body as generated).
 */
export function realisticBody(
  spec: SpecModel,
  model: ResourceModel,
  operation: OperationModel,
  input: RequestInput,
  status: number,
  body: unknown,
): unknown {
  const found = collectionOf(model, operation);
  const collection = found?.collection;
  const item = collection?.itemSchema ? spec.compile(collection.itemSchema) : undefined;
  let out: unknown = body;
  if (found?.role === 'list' && collection) {
    const envelope = collection.envelope;
    const items = envelopeItems(envelope, body);
    if (!items) return undefined;
    const start = firstIndex(collection, input);
    // A loop, not closures: this runs on every generated answer.
    const page: unknown[] = [];
    for (let i = 0; i < items.length; i++) {
      const generated: unknown = items[i];
      const pinned = pin(collection, generated, input, start + i);
      page.push(pinned === generated || fits(item, pinned) ? pinned : generated);
    }
    if (envelope === undefined) out = page;
    else {
      const wrapped = withEnvelopeItems(envelope, body, page) as Obj;
      // Totals beside the items: at the root, or in the wrapper that holds them (`data.total`).
      const holder = envelopeHolder(envelope, wrapped) ?? wrapped;
      for (const name of TOTAL_MEMBERS)
        if (typeof holder[name] === 'number') holder[name] = totalOf(start, page.length);
      out = wrapped;
    }
  } else if (
    collection &&
    isObject(body) &&
    (found?.role === 'read' || found?.role === 'create' || found?.role === 'replace' || found?.role === 'update')
  ) {
    const id = collection.id;
    const sent = found.role !== 'read' && isObject(input.body) ? clientMembers(collection, input.body) : {};
    const asked = id && found.role !== 'create' ? input.path[id.parameter] : undefined;
    const echoed: Obj = {
      ...body,
      ...sent,
      ...(id?.member !== undefined && asked !== undefined ? { [id.member]: asked } : {}),
    };
    out = fits(item, echoed) ? echoed : fits(item, { ...body, ...sent }) ? { ...body, ...sent } : body;
  }
  const schema = operation.responseFor(status)?.schema;
  return schema === undefined || schema.validate(out).ok ? out : undefined;
}

function fits(item: CompiledSchema | undefined, value: unknown): boolean {
  return item === undefined || item.validate(value).ok;
}

/** The count a generated page claims: at least the items up to its end. */
function totalOf(start: number, length: number): number {
  return Math.max(length, start + length);
}

/**
 * The count a generated list answer (`body`, a bare page or an envelope) claims, as its envelope's
 * `total` says it, for the count header the list documents (`X-Total-Count`); undefined for other
 * operations.
 */
export function generatedTotal(
  model: ResourceModel,
  operation: OperationModel,
  input: RequestInput,
  body: unknown,
): number | undefined {
  const found = collectionOf(model, operation);
  if (found?.role !== 'list') return undefined;
  const items = envelopeItems(found.collection.envelope, body);
  return items ? totalOf(firstIndex(found.collection, input), items.length) : undefined;
}

/** The 1-based position of the page's first item: `offset=40` → 41, page 3 of 20 → 41. */
function firstIndex(collection: CollectionModel, input: RequestInput): number {
  const page = collection.page;
  const at = page ? input.query[page.parameter] : undefined;
  if (!page || typeof at !== 'number') return 1;
  if (page.kind === 'offset') return at + 1;
  const size = collection.pageSize ? input.query[collection.pageSize.parameter] : undefined;
  const per = typeof size === 'number' ? size : (collection.pageSize?.default ?? 0);
  return (at - page.first) * per + 1;
}

/** The item with the asked filter values and, for integer ids, the id of its position. */
function pin(collection: CollectionModel, generated: unknown, input: RequestInput, position: number): unknown {
  if (!isObject(generated)) return generated;
  const out: Obj = { ...generated };
  for (const filter of collection.filters) {
    const wanted = input.query[filter.parameter];
    if (wanted !== undefined && !Array.isArray(wanted)) out[filter.member] = wanted;
  }
  const id = collection.id;
  if (id?.kind === 'integer' && id.member !== undefined && typeof out[id.member] === 'number')
    out[id.member] = position;
  return out;
}

/** The sent members a client may set (readOnly ones are the server's). */
function clientMembers(collection: CollectionModel, body: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(body)) if (!collection.readOnlyMembers.includes(key)) out[key] = value;
  return out;
}
