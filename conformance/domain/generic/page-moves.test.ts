import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { memoryStore, type MemoryStoreOptions } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { pageMoves } from './page-moves.js';

async function run(kind: 'offset' | 'page' | 'cursor', options: MemoryStoreOptions, pageMinimum?: number) {
  const spec = thingsSpec({ page: kind, ...(pageMinimum === undefined ? {} : { pageMinimum }) });
  const things = resourceModelFor(spec).model.collections[0]!;
  const property = pageMoves(spec, things)!;
  const store = memoryStore(spec, things, options);
  return (await property.execute(null, store.context)).findings;
}

describe('pageMoves', () => {
  it.each(['offset', 'page'] as const)('fails a list that ignores its %s parameter', async (kind) => {
    const findings = await run(kind, { initial: 3, ignorePage: true });
    expect(findings.map((f) => f.check)).toEqual(['semantics.paging']);
    expect(describeFinding(findings[0]!)).toMatch(new RegExp(`at ${kind}=\\d and at ${kind}=\\d`));
  });

  it.each(['offset', 'page'] as const)('passes a list that honours its %s parameter', async (kind) => {
    expect(await run(kind, { initial: 3 })).toEqual([]);
  });

  it('passes a server that reads page 0 as page 1 where the spec allows page 0', async () => {
    expect(await run('page', { initial: 3, pagesFromOne: true }, 0)).toEqual([]);
    expect(await run('page', { initial: 3, pagesFromOne: true, ignorePage: true }, 0)).toHaveLength(1);
  });

  it('starts an offset where its schema does (minimum 1: offset=0 is no valid request)', async () => {
    const spec = thingsSpec({ page: 'offset', pageMinimum: 1 });
    const things = resourceModelFor(spec).model.collections[0]!;
    const store = memoryStore(spec, things, { initial: 3 });
    expect((await pageMoves(spec, things)!.execute(null, store.context)).findings).toEqual([]);
    const offsets = store.sent.flatMap((c) => c.query.filter(([k]) => k === 'offset').map(([, v]) => Number(v)));
    expect(offsets.length).toBeGreaterThan(0);
    expect(Math.min(...offsets)).toBe(1);
    expect(await run('offset', { initial: 3, ignorePage: true }, 1)).toHaveLength(1);
  });

  it.each(['offset', 'page', 'cursor'] as const)('fails a %s list whose page boundary skips an item', async (kind) => {
    const findings = await run(kind, { initial: 3, pageSkips: true });
    expect(findings.map((f) => (f.evidence as { rule: string }).rule)).toEqual(['page-skips']);
    // The target showed its order itself: the breach is a failure, with what confirmed it.
    expect(findings[0]!.basis).toMatchObject({ kind: 'confirmed' });
    expect(describeFinding(findings[0]!)).toMatch(/started with item 3, not with item 2/);
  });

  it('fails a skip to an empty page where only two items are stored', async () => {
    const findings = await run('cursor', { initial: 2, pageSkips: true });
    expect(describeFinding(findings[0]!)).toMatch(/was empty, not with item 2/);
  });

  it('follows the cursor the first page names, and passes a list that honours it', async () => {
    const spec = thingsSpec({ page: 'cursor' });
    const things = resourceModelFor(spec).model.collections[0]!;
    expect(things.cursor).toMatchObject({ parameter: 'cursor', next: ['nextCursor'] });
    const store = memoryStore(spec, things, { initial: 3 });
    expect((await pageMoves(spec, things)!.execute(null, store.context)).findings).toEqual([]);
    expect(store.sent.some((c) => c.query.some(([k, v]) => k === 'cursor' && v === 'c1'))).toBe(true);
    expect(await run('cursor', { initial: 3, ignorePage: true })).toHaveLength(1);
  });

  it('gives no verdict with fewer than two items stored, or an order that changes between reads', async () => {
    expect(await run('offset', { initial: 1, ignorePage: true })).toEqual([]);
    expect(await run('offset', { initial: 3, ignorePage: true, unstableOrder: true })).toEqual([]);
    expect(await run('cursor', { initial: 3, pageSkips: true, unstableOrder: true })).toEqual([]);
  });
});
