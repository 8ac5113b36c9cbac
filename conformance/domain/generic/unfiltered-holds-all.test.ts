import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { memoryStore } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { probeUnfilteredHoldsAll, settableEnumFilters } from './unfiltered-holds-all.js';

const spec = thingsSpec();
const things = resourceModelFor(spec).model.collections[0]!;
const hidesRetired = (item: Record<string, unknown>) => item.state === 'retired';

describe('probeUnfilteredHoldsAll', () => {
  it('fails an unfiltered list that leaves out the items of one enum value', async () => {
    const store = memoryStore(spec, things, { initial: 3, hideUnfiltered: hidesRetired });
    const findings = await probeUnfilteredHoldsAll(store.context, spec, things);
    expect(findings.map((f) => f.check)).toEqual(['semantics.list_shows_created']);
    expect(describeFinding(findings[0]!)).toMatch(/without thingId=6, created with state=retired/);
  });

  it('fails an unfiltered list that leaves out the items created without the member', async () => {
    const store = memoryStore(spec, things, { initial: 3, hideUnfiltered: (item) => item.state === undefined });
    const findings = await probeUnfilteredHoldsAll(store.context, spec, things);
    expect(describeFinding(findings[0]!)).toMatch(/without thingId=7, created without state/);
  });

  it('passes an honest store', async () => {
    const store = memoryStore(spec, things, { initial: 3 });
    expect(await probeUnfilteredHoldsAll(store.context, spec, things)).toEqual([]);
    expect(store.items).toHaveLength(7);
  });

  it('gives no verdict on a store larger than the largest page, and creates nothing there', async () => {
    const store = memoryStore(spec, things, { initial: 50, hideUnfiltered: hidesRetired });
    expect(await probeUnfilteredHoldsAll(store.context, spec, things)).toEqual([]);
    expect(store.items).toHaveLength(50);
  });

  it('leaves alone a filter with a default: the list without it is filtered by that default', () => {
    const withDefault = thingsSpec({ stateDefault: 'live' });
    expect(settableEnumFilters(withDefault, resourceModelFor(withDefault).model.collections[0]!)).toEqual([]);
    expect(settableEnumFilters(spec, things).map((f) => f.parameter)).toEqual(['state']);
  });
});

describe('probeUnfilteredHoldsAll on a list cut short', () => {
  it('gives no verdict when the list does not grow with the creations (a page the server caps below its documented maximum)', async () => {
    const store = memoryStore(spec, things, { initial: 3, hideUnfiltered: (item) => Number(item.id) > 3 });
    expect(await probeUnfilteredHoldsAll(store.context, spec, things)).toEqual([]);
  });
});
