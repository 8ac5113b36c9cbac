import type { CheckName } from '../checks/registry.js';
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import type { Case } from '../cases/index.js';
import type { RegisteredCheck } from '../checks/index.js';
import { findingOf } from '../checks/index.js';
import type { Finding } from '../findings/index.js';
import { extendRules } from './extend-rules.js';
import { jsonExchange } from './generic/__fixtures__/memory-store.js';
import type { Adaptation, DomainRules, Preparation, SequenceContext, SequenceProperty } from './rules.js';

const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'Things', version: '1.0.0' },
  paths: {
    '/things': {
      get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } },
      post: { operationId: 'createThing', responses: { '201': { description: 'ok' } } },
    },
  },
});
const list = spec.operation('listThings')!;
const caseOf = (operationId: string, query: [string, string][] = []): Case => ({
  operationId,
  family: 'test',
  kind: 'valid',
  pathParams: {},
  query,
  auth: 'valid',
});
const exchange = jsonExchange(caseOf('listThings'), 200, []);
const finding = (check: string): Finding =>
  findingOf(exchange, {
    code: 'semantic_violation',
    severity: 'failure',
    // Made-up names say which rules a check came from; the registry's names do not matter here.
    check: check as CheckName,
    evidence: { rule: 'duplicate-ids', duplicates: [] },
  });
const named = (name: string): RegisteredCheck => ({ name: () => name as CheckName, run: () => [finding(name)] });
const sequence = (id: string) => ({ id }) as SequenceProperty;

const base: DomainRules = {
  checks: { listThings: [named('base.list')], createThing: [named('base.create')] },
  harvest: () => ({ getThing: { thingId: ['1', '2'] } }),
  sequences: [sequence('base')],
  firstLook: () => [caseOf('listThings', [['from', 'base']])],
};

describe('extendRules', () => {
  it('runs the inferred checks, sequences and first looks first, then the extension’s', () => {
    const rules = extendRules(base, {
      checks: { listThings: [named('extra.list')], getThing: [named('extra.get')] },
      sequences: [sequence('extra')],
      firstLook: () => [caseOf('listThings', [['from', 'extra']])],
    });
    const names = (id: string) => rules.checks[id]!.map((c) => c.name(exchange.case));
    expect(names('listThings')).toEqual(['base.list', 'extra.list']);
    expect(names('createThing')).toEqual(['base.create']);
    expect(names('getThing')).toEqual(['extra.get']);
    expect(rules.sequences.map((s) => s.id)).toEqual(['base', 'extra']);
    expect(rules.firstLook!(spec).map((c) => c.query[0]![1])).toEqual(['base', 'extra']);
  });

  it('merges harvests: the values of both, each once', () => {
    const rules = extendRules(base, {
      harvest: () => ({ getThing: { thingId: ['2', '3'] }, deleteThing: { thingId: ['9'] } }),
    });
    expect(rules.harvest(exchange, list)).toEqual({
      getThing: { thingId: ['1', '2', '3'] },
      deleteThing: { thingId: ['9'] },
    });
    expect(extendRules(base, {}).harvest(exchange, list)).toEqual({ getThing: { thingId: ['1', '2'] } });
  });

  it('prepares in order adapt → inferred → extension, each through the rewrites before it', async () => {
    const sent: string[] = [];
    const context: SequenceContext = {
      spec,
      readOnly: false,
      send: async (c) => {
        sent.push(c.query.map(([k, v]) => `${k}=${v}`).join('&'));
        return jsonExchange(c, 200, []);
      },
      judge: () => [],
    };
    const step =
      (name: string, tag?: string): Preparation =>
      async (ctx) => {
        await ctx.send(caseOf('listThings', [['step', name]]));
        return {
          ...(tag ? { rewrite: (c: Case) => ({ ...c, query: [...c.query, ['tag', tag] as [string, string]] }) } : {}),
          failures: [finding(name)],
          ...(tag
            ? { gap: { operationId: 'listThings', check: 'positive', gap: tag, evidence: { scenario: tag }, exchange } }
            : {}),
        } as unknown as Adaptation;
      };
    const rules = extendRules(
      { ...base, prepare: step('base', 'b') },
      { adapt: step('adapt', 'a'), prepare: step('extra') },
    );
    const adaptation = await rules.prepare!(context);
    expect(sent).toEqual(['step=adapt', 'step=base&tag=a', 'step=extra&tag=a&tag=b']);
    expect(adaptation!.failures!.map((f) => f.check)).toEqual(['adapt', 'base', 'extra']);
    expect(adaptation!.gap!.gap).toBe('a');
    expect(adaptation!.rewrite!(caseOf('listThings')).query).toEqual([
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
  });

  it('has no preparation when neither side prepares, and none to report when nothing was learned', async () => {
    expect(extendRules(base, {}).prepare).toBeUndefined();
    const quiet = extendRules(base, { prepare: async () => undefined });
    expect(
      await quiet.prepare!({ spec, readOnly: false, send: async (c) => jsonExchange(c, 200, []), judge: () => [] }),
    ).toBeUndefined();
  });

  it('runs both observers on every exchange, the inferred one first, each made afresh per run', () => {
    let made = 0;
    const observer = (check: string) => () => {
      made++;
      let seen = 0;
      return (): Finding[] => (++seen === 2 ? [finding(check)] : []);
    };
    const rules = extendRules({ ...base, observer: observer('base') }, { observer: observer('extra') });
    const observe = rules.observer!();
    expect(made).toBe(2);
    expect(observe(exchange, list)).toEqual([]);
    expect(observe(exchange, list).map((f) => f.check)).toEqual(['base', 'extra']);
    expect(rules.observer!()(exchange, list)).toEqual([]);
    expect(extendRules(base, {}).observer).toBeUndefined();
  });
});
