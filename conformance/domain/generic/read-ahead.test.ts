import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { memoryStore, type MemoryStoreOptions } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { confirmLookAhead, lookAhead, nextIds } from './read-ahead.js';

const spec = thingsSpec();
const things = resourceModelFor(spec).model.collections[0]!;

async function probe(options: MemoryStoreOptions) {
  const store = memoryStore(spec, things, options);
  const ahead = await lookAhead(store.context, spec, things);
  const findings = ahead ? await confirmLookAhead(store.context, spec, ahead) : [];
  return { ahead, findings, store };
}

describe('nextIds', () => {
  it('guesses the next three ids of a counter, and nothing of sparse, random or unsafe ids', () => {
    expect(nextIds(['1', '2', '3', '5'])).toEqual(['6', '7', '8']);
    expect(nextIds(['10', '20', '30'])).toEqual([]);
    expect(nextIds(['7f3a', '2'])).toEqual([]);
    expect(nextIds([])).toEqual([]);
    expect(nextIds([String(Number.MAX_SAFE_INTEGER - 1)])).toEqual([]);
  });
});

describe('lookAhead / confirmLookAhead', () => {
  it('fails a store that keeps a 404 of an id read before its item was created', async () => {
    const { ahead, findings } = await probe({ initial: 4, rememberMissing: true });
    expect([...(ahead?.probed.keys() ?? [])]).toEqual(['5', '6', '7']);
    expect(findings.map((f) => f.check)).toEqual(['semantics.persistence']);
    expect(describeFinding(findings[0]!)).toMatch(/getThing answered 404 for thingId=5 before the id was handed out/);
  });

  it('passes an honest store, and creates at most three items', async () => {
    const { findings, store } = await probe({ initial: 4 });
    expect(findings).toEqual([]);
    expect(store.items).toHaveLength(7);
  });

  it('starts an empty store with one creation, and guesses from its id', async () => {
    const { ahead, findings } = await probe({ rememberMissing: true });
    expect([...(ahead?.probed.keys() ?? [])]).toEqual(['2', '3', '4']);
    expect(findings).toHaveLength(1);
  });

  it('reads a form body back by its meaning: a server that keeps `+` as a plus fails, one that reads a space passes', async () => {
    const form = thingsSpec({ form: true });
    const formThings = resourceModelFor(form).model.collections[0]!;
    const run = async (options: MemoryStoreOptions) => {
      const store = memoryStore(form, formThings, { initial: 4, ...options });
      const ahead = await lookAhead(store.context, form, formThings);
      return ahead ? await confirmLookAhead(store.context, form, ahead) : [];
    };
    const kept = await run({ formPlusKept: true });
    expect(kept.map((f) => f.check)).toEqual(['semantics.read_back']);
    expect(await run({})).toEqual([]);
  });

  it('guesses nothing where ids are not a counter', async () => {
    expect((await probe({ initial: 4, idStep: 10, rememberMissing: true })).ahead).toBeUndefined();
  });
});
