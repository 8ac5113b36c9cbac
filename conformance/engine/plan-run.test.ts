import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, specFromDocument, type SpecModel } from '../../spec/index.js';
import { NO_DOMAIN_RULES } from '../domain/select-rules.js';
import type { PropertyContext } from './kit-property.js';
import { keeps, planRun, type RunSelection } from './plan-run.js';
import { RunError } from './run-error.js';

let spec: SpecModel;
let context: PropertyContext & { target: string };
beforeAll(async () => {
  spec = await loadSpec();
  // Planning builds properties and sweeps; it sends nothing.
  const refuse = () => {
    throw new Error('planning sent a request');
  };
  context = {
    spec,
    readOnly: false,
    seed: 1,
    send: refuse,
    judge: refuse,
    known: () => ({}),
    target: 'http://127.0.0.1:9/v1',
  };
});

const selection = (fields: Partial<RunSelection> = {}): RunSelection => ({ only: [], skip: [], ...fields });
const ids = (plan: ReturnType<typeof planRun>) =>
  [
    ...plan.properties,
    ...plan.quickSweeps,
    ...plan.sequences,
    ...plan.bodies,
    ...plan.methods,
    ...plan.closing.properties,
    ...plan.closing.sweeps,
  ].map((p) => p.id);

describe('planRun', () => {
  it('plans every operation, with sweeps that write or try methods kept apart to run last', () => {
    const plan = planRun(spec, NO_DOMAIN_RULES, context, selection());
    const operations = new Set(plan.properties.map((p) => p.operationId));
    expect(operations).toEqual(new Set(['listPets', 'createPet', 'getPet']));
    expect(plan.bodies.every((s) => /\/(large-bodies|body-sizes|conditional)$/.test(s.id))).toBe(true);
    expect(plan.methods.every((s) => /methods/.test(s.id))).toBe(true);
    expect(plan.methods.length).toBeGreaterThan(0);
    expect(plan.quickSweeps.some((s) => plan.methods.includes(s) || plan.bodies.includes(s))).toBe(false);
    expect(new Set(ids(plan)).size).toBe(ids(plan).length);
  });

  it('keeps what --only names and drops what --skip names, by operation, property or family', () => {
    const only = planRun(spec, NO_DOMAIN_RULES, context, selection({ only: ['getPet'] }));
    expect(new Set(ids(only).map((id) => id.split('/')[0]))).toEqual(new Set(['getPet']));
    const skipped = planRun(spec, NO_DOMAIN_RULES, context, selection({ skip: ['createPet/invalid'] }));
    expect(ids(skipped)).not.toContain('createPet/invalid');
    expect(ids(skipped)).toContain('createPet/valid');
  });

  it('deals operations, sorted by id, to shards in turn: every planned item in exactly one shard', () => {
    const all = ids(planRun(spec, NO_DOMAIN_RULES, context, selection()));
    const shards = [1, 2].map((index) =>
      ids(planRun(spec, NO_DOMAIN_RULES, context, selection({ shard: { index, count: 2 } }))),
    );
    expect([...shards[0]!, ...shards[1]!].sort()).toEqual([...all].sort());
    expect(keeps(selection({ shard: { index: 1, count: 2 } }), spec, ['createPet'], 'createPet')).toBe(true);
    expect(keeps(selection({ shard: { index: 2, count: 2 } }), spec, ['getPet'], 'getPet')).toBe(true);
    expect(keeps(selection({ shard: { index: 1, count: 2 } }), spec, ['getPet'], 'getPet')).toBe(false);
  });

  it('refuses a name that names nothing, and accepts checks and check groups', () => {
    expect(() => planRun(spec, NO_DOMAIN_RULES, context, selection({ only: ['listPetz'] }))).toThrow(RunError);
    expect(() => planRun(spec, NO_DOMAIN_RULES, context, selection({ skip: ['shcema'] }))).toThrow(
      /--skip names nothing in this run: "shcema"/,
    );
    expect(() => planRun(spec, NO_DOMAIN_RULES, context, selection({ only: ['schema', 'semantics'] }))).not.toThrow();
  });

  it('plans the work on operations that may end the session apart, to run after everything else', () => {
    // keep-api (held-out set 43): the kit's `DELETE /sessions` with its only token revoked it, and
    // every operation run after got 401.
    const ok = { '200': { description: 'ok' } };
    const sessions = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'notes', version: '1' },
      paths: {
        '/notes': { get: { operationId: 'listNotes', responses: ok } },
        '/sessions': { delete: { operationId: 'endSession', responses: ok } },
        '/auth/logout': { post: { operationId: 'postLogout', responses: ok } },
        '/users/{id}': { delete: { operationId: 'deleteUser', responses: ok } },
      },
    });
    const plan = planRun(sessions, NO_DOMAIN_RULES, { ...context, spec: sessions }, selection());
    const closingOps = new Set([...plan.closing.properties, ...plan.closing.sweeps].map((p) => p.operationId));
    expect(closingOps).toEqual(new Set(['endSession', 'postLogout']));
    const early = [...plan.properties, ...plan.quickSweeps, ...plan.bodies, ...plan.methods];
    expect(early.some((p) => closingOps.has(p.operationId))).toBe(false);
    expect(early.some((p) => p.operationId === 'deleteUser')).toBe(true);
  });
});

describe('planFirstLook', () => {
  it('leaves out a read that may end the session: the run sends those last', async () => {
    const { planFirstLook } = await import('./plan-run.js');
    const { genericRules } = await import('../domain/generic/index.js');
    const { resourceModelFor } = await import('../../spec/resources/index.js');
    const ok = { '200': { description: 'ok' } };
    const doc = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      paths: {
        '/stats': { get: { operationId: 'stats', responses: ok } },
        '/auth/logout': { get: { operationId: 'logout', responses: ok } },
      },
    } as never);
    const rules = genericRules(doc, resourceModelFor(doc).model);
    expect(planFirstLook(doc, rules, selection()).map((c) => c.operationId)).toEqual(['stats']);
  });
});
