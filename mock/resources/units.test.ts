import { describe, expect, it } from 'vitest';
import { parseCli } from '../options.js';
import { sampleValue, schemaSample } from '../../spec/generate/index.js';
import { CollectionStore, jsonPatch, mergePatch } from './index.js';

describe('mergePatch (RFC 7386)', () => {
  it('merges objects member by member, null removes, arrays and scalars replace', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { a: null, b: { c: null, x: 1 }, e: [2] })).toEqual({
      b: { d: 3, x: 1 },
      e: [2],
    });
    expect(mergePatch({ a: 1 }, [1])).toEqual([1]);
  });
});

describe('jsonPatch (RFC 6902)', () => {
  it('applies add, remove, replace, move, copy and test in order, on a copy', () => {
    const doc = { a: 1, list: [1, 2], nested: { x: 'y' } };
    const result = jsonPatch(doc, [
      { op: 'add', path: '/list/-', value: 3 },
      { op: 'add', path: '/list/0', value: 0 },
      { op: 'remove', path: '/a' },
      { op: 'replace', path: '/nested/x', value: 'z' },
      { op: 'copy', from: '/nested', path: '/copy' },
      { op: 'move', from: '/copy/x', path: '/moved' },
      { op: 'test', path: '/moved', value: 'z' },
      { op: 'add', path: '/a~1b', value: true },
    ]);
    expect(result).toEqual({
      ok: true,
      value: { list: [0, 1, 2, 3], nested: { x: 'z' }, copy: {}, moved: 'z', 'a/b': true },
    });
    expect(doc).toEqual({ a: 1, list: [1, 2], nested: { x: 'y' } });
  });

  it('reports the first operation that cannot apply, as data', () => {
    expect(jsonPatch({}, { op: 'add' })).toEqual({ ok: false, message: 'a JSON Patch is an array of operations' });
    expect(jsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toEqual({
      ok: false,
      message: 'operation 0: test failed at "/a"',
    });
    expect(jsonPatch({}, [{ op: 'remove', path: '/missing' }])).toMatchObject({ ok: false });
    expect(jsonPatch({}, [{ op: 'replace', path: '/missing', value: 1 }])).toMatchObject({ ok: false });
    expect(jsonPatch({ l: [] }, [{ op: 'add', path: '/l/5', value: 1 }])).toMatchObject({ ok: false });
    expect(jsonPatch({}, [{ op: 'frobnicate', path: '/x' }])).toMatchObject({
      ok: false,
      message: 'operation 0: unknown op at "/x"',
    });
    expect(jsonPatch({}, [{ op: 'add', path: '/__proto__/polluted', value: 1 }])).toMatchObject({ ok: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('CollectionStore', () => {
  it('scopes items, counts integer ids on from the largest seen, never reuses them', () => {
    const store = new CollectionStore([{ id: 5, value: { id: 5 }, scope: ['a'] }], 10);
    expect(store.mintInteger()).toBe(6);
    store.put(['b'], 6, { id: 6 }, true);
    expect(store.list(['a']).map((i) => i.id)).toEqual([5]);
    expect(store.get(['b'], '6')?.value).toEqual({ id: 6 });
    expect(store.delete(['b'], 6)).toBe(true);
    expect(store.mintInteger()).toBe(7);
    store.reset();
    expect(store.size).toBe(1);
    expect(store.mintInteger()).toBe(6);
  });

  it('evicts the oldest created item past capacity, never a seed; drops the scopes under a parent', () => {
    const store = new CollectionStore([{ id: 1, value: {}, scope: [] }], 3);
    for (const id of [2, 3, 4, 5]) store.put([], id, {}, true);
    expect(store.list([]).map((i) => i.id)).toEqual([1, 4, 5]);
    const nested = new CollectionStore([], 10);
    nested.put(['p', '1'], 'x', {}, true);
    nested.put(['p', '2'], 'y', {}, true);
    nested.put(['q', '1'], 'z', {}, true);
    nested.dropScopesUnder(['p']);
    expect(nested.size).toBe(1);
    expect(nested.list(['q', '1'])).toHaveLength(1);
  });

  it('takes a lazy seed on first use only, once, and keeps it for resets', () => {
    let calls = 0;
    const store = new CollectionStore(() => {
      calls++;
      return [{ id: 9, value: { id: 9 }, scope: [] }];
    }, 10);
    store.reset();
    expect(calls).toBe(0);
    expect(store.mintInteger()).toBe(10);
    expect(calls).toBe(1);
    store.put([], 10, { id: 10 }, true);
    store.reset();
    expect(store.list([]).map((i) => i.id)).toEqual([9]);
    expect(calls).toBe(1);
  });
});

describe('sampleValue', () => {
  it('prefers the schema’s own values, then builds by type and format', () => {
    expect(sampleValue({ type: 'string', default: 'd', examples: ['e'] })).toBe('d');
    expect(sampleValue({ type: 'string', examples: ['e'] })).toBe('e');
    expect(sampleValue({ enum: ['a', 'b'] })).toBe('a');
    expect(sampleValue({ type: 'integer', minimum: 3 })).toBe(3);
    expect(
      sampleValue({ type: 'object', required: ['n'], properties: { n: { type: 'string', format: 'uuid' } } }),
    ).toEqual({ n: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(
      sampleValue({
        allOf: [
          { type: 'object', required: ['a'], properties: { a: { const: 1 } } },
          { type: 'object', required: ['b'], properties: { b: { type: 'boolean' } } },
        ],
      }),
    ).toEqual({ a: 1, b: false });
  });

  it('fills a map to its minProperties from the map’s own schema (APIs.guru: `versions`)', () => {
    const versions = {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        required: ['added'],
        properties: { added: { type: 'string', format: 'date-time' } },
      },
    };
    const built = schemaSample(versions) as Record<string, { added: string }>;
    expect(Object.keys(built)).toHaveLength(1);
    expect(Object.values(built)[0]!.added).toMatch(/^\d{4}-/);
    // Declared members come first; a map that takes nothing more stays as small as it can.
    expect(schemaSample({ type: 'object', minProperties: 1, properties: { a: { type: 'boolean' } } })).toEqual({
      a: false,
    });
    expect(schemaSample({ type: 'object', minProperties: 2, additionalProperties: false })).toEqual({});
    // Where the schema says nothing of other members, any are allowed (APIs.guru: `info`).
    expect(Object.keys(schemaSample({ type: 'object', minProperties: 1 }) as object)).toHaveLength(1);
  });
});

describe('--data', () => {
  it('is a flag of the mock', () => {
    expect(parseCli(['--data', 'seed.json'], {})).toEqual({ kind: 'run', options: { dataFile: 'seed.json' } });
  });
});
