import { Document, type Scalar, type YAMLMap } from 'yaml';
import type { CollectionConfig, ResourceModel } from '../../spec/resources/index.js';
import { COMMAND_NAME } from '../name.js';

/**
 * The resource config file `init` writes beside a spec (`<spec>.resources.yaml`, read by the mock and
 * the kit): the inferred model written out as corrections that change nothing, each with its reason
 * as a comment above it, so that a team reads what was inferred and corrects a value in place.
 * Collections are written as keys (id, page size, filters); operation roles as comments, with the
 * syntax to correct one, since most are right and a key per operation would pin all of them.
 *
 * Loading the file and inferring again gives the same model (resources-file.test.ts checks it).
 */
export function renderResourcesFile(model: ResourceModel, specName: string): string {
  const collections: Record<string, CollectionConfig> = {};
  for (const c of model.collections) collections[c.path] = collectionConfig(c);
  const doc = new Document({ version: 1, collections });
  doc.commentBefore = [
    ` Resource model of ${specName}, as \`${COMMAND_NAME} init\` inferred it: each inference with its`,
    ' reason above it. The mock and the kit read this file (it sits beside the spec, named after it).',
    ' Correct a value where the inference is wrong, and say why in a comment. The keys: "Correct an',
    ' inference" in docs/kit.md of openapi-contract-kit.',
  ].join('\n');
  const collectionsNode = doc.get('collections', true) as YAMLMap<Scalar<string>, YAMLMap>;
  for (const pair of collectionsNode.items) {
    const collection = model.collections.find((c) => c.path === pair.key.value)!;
    pair.key.commentBefore = ` ${collection.reason}`;
    const body = pair.value!;
    for (const member of body.items as { key: Scalar<string>; value: unknown }[]) {
      const key = member.key.value;
      if (key === 'id') {
        member.key.commentBefore = ` ${collection.id!.reason}`;
        (member.value as YAMLMap).flow = true;
      } else if (key === 'pageSize') {
        member.key.commentBefore = ` ${collection.pageSize!.reason}`;
        (member.value as YAMLMap).flow = true;
      } else if (key === 'filters') {
        for (const filter of (member.value as YAMLMap<Scalar<string>, YAMLMap>).items) {
          filter.key.commentBefore = ` ${collection.filters.find((f) => f.parameter === filter.key.value)!.reason}`;
          filter.value!.flow = true;
        }
      }
    }
    const unsaid = [
      ...(collection.itemPath ? [] : ['no item path below it, so no id']),
      ...(collection.pageSize ? [] : ['no page-size parameter found (pageSize: { parameter: name } sets one)']),
      ...(collection.page ? [`${collection.page.reason} (not configurable)`] : []),
      ...(collection.envelope ? [`${collection.envelope.reason} (not configurable)`] : []),
      ...(collection.parent ? [`${collection.parent.reason}`] : []),
      ...(collection.order
        ? [
            `listed by \`${collection.order.member}\` ${collection.order.direction}, as ${collection.order.pointer} says (order: false drops it)`,
          ]
        : []),
    ];
    if (unsaid.length > 0) body.comment = unsaid.map((line) => ` ${line}`).join('\n');
  }
  if (model.collections.length === 0)
    collectionsNode.commentBefore = ' no collection inferred: name a path here to make it one (/things: {})';
  const roles = model.operations.map(
    (o) =>
      `   ${o.operationId}: ${o.role}${o.collection ? ` (${o.collection})` : o.singleton ? ` (singleton ${o.singleton})` : ''}: ${o.reason}`,
  );
  doc.comment = [
    ' Operations and their inferred roles (list, create, read, replace, update, delete, other).',
    ' To correct one, add it by operationId or "METHOD /path", e.g.',
    ' operations:',
    '   searchThings: { role: list, collection: /things }',
    '   "POST /things/{thingId}/archive": { role: other }',
    ' Inferred:',
    ...roles,
  ].join('\n');
  return doc.toString({ lineWidth: 0 });
}

/** One collection's inferences as the config keys that say the same. */
function collectionConfig(c: ResourceModel['collections'][number]): CollectionConfig {
  return {
    ...(c.id ? { id: { member: c.id.member ?? null, kind: c.id.kind } } : {}),
    ...(c.pageSize
      ? {
          pageSize: {
            parameter: c.pageSize.parameter,
            ...(c.pageSize.default !== undefined ? { default: c.pageSize.default } : {}),
            ...(c.pageSize.maximum !== undefined ? { maximum: c.pageSize.maximum } : {}),
          },
        }
      : {}),
    ...(c.filters.length > 0
      ? { filters: Object.fromEntries(c.filters.map((f) => [f.parameter, { member: f.member }])) }
      : {}),
  };
}
