import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import {
  inferStructuredFilters,
  probeArrayFilterFinds,
  probeObjectFilters,
  structuredFilterChecks,
} from './structured-filters.js';

// A guestbook: `tags` (form, explode false) and a deepObject `filter` with `author` and `minRating`.
const entry = {
  type: 'object',
  required: ['id', 'author', 'tags'],
  properties: {
    id: { type: 'integer' },
    author: { type: 'string' },
    rating: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'Guestbook', version: '1' },
  paths: {
    '/entries': {
      get: {
        operationId: 'listEntries',
        parameters: [
          {
            name: 'tags',
            in: 'query',
            style: 'form',
            explode: false,
            schema: { type: 'array', maxItems: 5, items: { type: 'string', pattern: '^[a-z]+$' } },
          },
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              properties: {
                author: { type: 'string' },
                minRating: { type: 'integer' },
                mood: { type: 'string' },
              },
            },
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
        ],
        responses: {
          '200': {
            description: 'entries',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { entries: { type: 'array', items: entry } } },
              },
            },
          },
        },
      },
      post: {
        operationId: 'signGuestbook',
        requestBody: { content: { 'application/json': { schema: entry } } },
        responses: { '201': { description: 'signed', content: { 'application/json': { schema: entry } } } },
      },
    },
    '/entries/{entryId}': {
      get: {
        operationId: 'getEntry',
        parameters: [{ name: 'entryId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'entry', content: { 'application/json': { schema: entry } } } },
      },
    },
  },
});
const entries = resourceModelFor(spec).model.collections.find((c) => c.path === '/entries')!;
const list = spec.operation('listEntries')!;

const judged = (rawQuery: string[], items: Record<string, unknown>[]) => {
  const c: Case = {
    operationId: 'listEntries',
    family: 'valid',
    kind: 'valid',
    pathParams: {},
    query: [],
    rawQuery,
    auth: 'valid',
  };
  const exchange = jsonExchange(c, 200, { entries: items });
  return structuredFilterChecks(list, entries).flatMap((check) => check.run({ exchange, operation: list }));
};

describe('inferStructuredFilters', () => {
  it('reads an array filter named like an array member, and deepObject members named like a member or its bound', () => {
    expect(inferStructuredFilters(list, entries).map((f) => [f.parameter.name, f.property, f.member, f.kind])).toEqual([
      ['tags', undefined, 'tags', 'contains-any'],
      ['filter', 'author', 'author', 'equality'],
      ['filter', 'minRating', 'rating', 'at-least'],
    ]);
  });
});

describe('structuredFilterChecks', () => {
  it('fails an item that carries none of the tags asked, whatever the any/every reading', () => {
    const findings = judged(
      ['tags=a,b'],
      [
        { id: 1, author: 'x', tags: ['a', 'c'] },
        { id: 2, author: 'x', tags: ['c'] },
      ],
    );
    expect(findings).toHaveLength(1);
    expect(describeFinding(findings[0]!)).toMatch(/tags=\["a","b"\] returned 1 of 2 items whose tags holds none/);
    expect(
      judged(
        ['tags=a,b'],
        [
          { id: 1, author: 'x', tags: ['a'] },
          { id: 2, author: 'x', tags: ['b', 'c'] },
        ],
      ),
    ).toEqual([]);
  });

  it('fails another author under filter[author], and a rating below filter[minRating]; an entry without a rating is not judged', () => {
    expect(judged(['filter%5Bauthor%5D=Ana%20Lima'], [{ id: 1, author: 'Ana Lima', tags: [] }])).toEqual([]);
    expect(judged(['filter%5Bauthor%5D=Ana%20Lima'], [{ id: 1, author: 'Tom', tags: [] }])).toHaveLength(1);
    expect(
      judged(
        ['filter%5BminRating%5D=4'],
        [
          { id: 1, author: 'x', rating: 4, tags: [] },
          { id: 2, author: 'x', tags: [] },
        ],
      ),
    ).toEqual([]);
    const low = judged(['filter%5BminRating%5D=4'], [{ id: 1, author: 'x', rating: 2, tags: [] }]);
    expect(describeFinding(low[0]!)).toMatch(/filter\[minRating\]=4 returned 1 of 1 items whose rating is below it/);
  });

  it('judges nothing without the filter, or with a value its style does not read', () => {
    expect(judged([], [{ id: 1, author: 'Tom', tags: ['z'] }])).toEqual([]);
    expect(judged(['filter%5Bauthor=Ana'], [{ id: 1, author: 'Tom', tags: ['z'] }])).toEqual([]);
  });
});

describe('probeArrayFilterFinds', () => {
  const stored = [
    { id: 1, author: 'Ana', tags: ['family', 'summer'] },
    { id: 2, author: 'Tom', tags: [] },
  ];
  const store = (csvAsOneTag: boolean) => {
    const sent: Case[] = [];
    const context: SequenceContext = {
      spec,
      readOnly: false,
      judge: () => [],
      send: async (c: Case) => {
        sent.push(c);
        const fragment = c.rawQuery?.find((q) => q.startsWith('tags='));
        const asked = fragment ? decodeURIComponent(fragment.slice(5)) : undefined;
        const wanted = asked === undefined ? undefined : csvAsOneTag ? [asked] : asked.split(',');
        return jsonExchange(c, 200, {
          entries: stored.filter((e) => !wanted || wanted.every((t) => e.tags.includes(t))),
        });
      },
    };
    return { context, sent };
  };

  it('fails a list that reads tags=a,b as the one tag "a,b"', async () => {
    const { context, sent } = store(true);
    const findings = await probeArrayFilterFinds(context, spec, entries);
    expect(sent.map((c) => c.rawQuery ?? [])).toEqual([[], ['tags=family,summer']]);
    expect(describeFinding(findings[0]!)).toMatch(/filtered by tags = \["family","summer"\].*entryId=1/);
  });

  it('passes a list that splits the values', async () => {
    expect(await probeArrayFilterFinds(store(false).context, spec, entries)).toEqual([]);
  });
});

describe('probeObjectFilters', () => {
  const store = (ignoreFilters: boolean) => {
    const items: Record<string, unknown>[] = [];
    const context: SequenceContext = {
      spec,
      readOnly: false,
      judge: () => [],
      send: async (c: Case) => {
        if (c.operationId === 'signGuestbook') {
          const item = { ...(c.body as { value: Record<string, unknown> }).value, id: items.length + 1 };
          items.push(item);
          return jsonExchange(c, 201, item);
        }
        const q = new URLSearchParams((c.rawQuery ?? []).join('&'));
        const author = q.get('filter[author]');
        const least = q.get('filter[minRating]');
        const kept = items.filter(
          (e) =>
            ignoreFilters ||
            ((author === null || e.author === author) &&
              (least === null || (typeof e.rating === 'number' && e.rating >= Number(least)))),
        );
        return jsonExchange(c, 200, { entries: kept });
      },
    };
    return { context, items };
  };

  it('fails a list that ignores its deepObject filters, on two items it creates for each', async () => {
    const { context, items } = store(true);
    const findings = await probeObjectFilters(context, spec, entries);
    expect(findings.map((f) => (f.evidence as { parameter: string }).parameter)).toEqual([
      'filter[author]',
      'filter[minRating]',
    ]);
    expect(items).toHaveLength(4);
    expect(new Set(items.slice(0, 2).map((e) => e.author)).size).toBe(2);
  });

  it('passes a list that honours them', async () => {
    expect(await probeObjectFilters(store(false).context, spec, entries)).toEqual([]);
  });
});

describe('an array parameter named as the plural of a scalar member (held-out set 100: petstore-expanded)', () => {
  const pet = {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string' } },
  };
  const petstore = (description: string | undefined, name = 'tags') =>
    specFromDocument({
      openapi: '3.0.0',
      info: { title: 'Petstore', version: '1' },
      paths: {
        '/pets': {
          get: {
            operationId: 'findPets',
            parameters: [
              {
                name,
                in: 'query',
                ...(description ? { description } : {}),
                style: 'form',
                schema: { type: 'array', items: { type: 'string' } },
              },
            ],
            responses: {
              '200': {
                description: 'pets',
                content: { 'application/json': { schema: { type: 'array', items: pet } } },
              },
            },
          },
          post: {
            operationId: 'addPet',
            requestBody: { content: { 'application/json': { schema: pet } } },
            responses: { '200': { description: 'pet', content: { 'application/json': { schema: pet } } } },
          },
        },
        '/pets/{id}': {
          get: {
            operationId: 'findPetById',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { '200': { description: 'pet', content: { 'application/json': { schema: pet } } } },
          },
        },
      },
    } as never);
  const judge = (s: ReturnType<typeof petstore>, rawQuery: string[], items: unknown[]) => {
    const pets = resourceModelFor(s).model.collections.find((c) => c.path === '/pets')!;
    const find = s.operation('findPets')!;
    const c: Case = {
      operationId: 'findPets',
      family: 'valid',
      kind: 'valid',
      pathParams: {},
      query: [],
      rawQuery,
      auth: 'valid',
    };
    return structuredFilterChecks(find, pets).flatMap((check) =>
      check.run({ exchange: jsonExchange(c, 200, items), operation: find }),
    );
  };

  it('fails a pet of another tag, on the words of the spec when they say the parameter filters', () => {
    const s = petstore('tags to filter by');
    const found = judge(
      s,
      ['tags=dog'],
      [
        { id: 1, name: 'a', tag: 'dog' },
        { id: 2, name: 'b', tag: 'cat' },
      ],
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.basis?.kind).toBe('spec');
    expect(describeFinding(found[0]!)).toMatch(
      /tags=\["dog"\] returned 1 of 2 items whose tag is none of these values/,
    );
    // Without the words, the name alone speaks: no basis of the spec's.
    expect(judge(petstore(undefined), ['tags=dog'], [{ id: 2, name: 'b', tag: 'cat' }])[0]?.basis).toBeUndefined();
  });

  it('keeps pets of any tag asked, in any letter case or as part of one', () => {
    const s = petstore('tags to filter by');
    expect(
      judge(
        s,
        ['tags=dog,cat'],
        [
          { id: 1, name: 'a', tag: 'Dog' },
          { id: 2, name: 'b', tag: 'cat' },
        ],
      ),
    ).toEqual([]);
    expect(judge(s, ['tags=dog'], [{ id: 1, name: 'a', tag: 'hotdog' }])).toEqual([]);
  });
});

describe('queryTextOf', () => {
  it('writes a lone surrogate as U+FFFD instead of throwing (an internal error on impala.travel)', async () => {
    const { queryTextOf } = await import('./structured-filters.js');
    const c = { query: [['ids', 'a\ud800b']] } as unknown as Case;
    expect(queryTextOf(c)).toBe('ids=a%EF%BF%BDb');
  });
});
