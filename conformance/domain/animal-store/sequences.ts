import fc from 'fast-check';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import type { SpecModel } from '../../../spec/index.js';
import type { Execution, SequenceContext, SequenceProperty } from '../rules.js';
import { compareNumbers } from './exact.js';
import { integerText } from './ids.js';

type Obj = Record<string, unknown>;

/** The largest page the contract lets a client ask for. */
const MAX_PAGE = 100;

const listCase = (query: [string, string][], family: string): Case => ({ operationId: 'listPets', family, kind: 'valid', pathParams: {}, query, auth: 'valid' });
const getCase = (id: string, family: string): Case => ({ operationId: 'getPet', family, kind: 'valid', pathParams: { petId: id }, query: [], auth: 'valid' });
const createCase = (pet: WireJson, family: string): Case => ({ operationId: 'createPet', family, kind: 'valid', pathParams: {}, query: [], body: { kind: 'json', value: pet }, auth: 'valid' });

/** Collects exchanges and their findings while a sequence runs. */
class Recorder {
  readonly exchanges: Exchange[] = [];
  readonly findings: Finding[] = [];
  constructor(private readonly context: SequenceContext) {}
  async send(testCase: Case): Promise<Exchange> {
    const exchange = await this.context.send(testCase);
    this.exchanges.push(exchange);
    this.findings.push(...this.context.judge(exchange));
    return exchange;
  }
  fail(exchange: Exchange, check: string, message: string, evidence: Obj = {}): void {
    // A 429 the client's retries did not get past says nothing about memory: the status check
    // already notes the rate limit as a contract gap.
    if (exchange.response?.status === 429) return;
    // An Age header marks a copy served from a cache (RFC 9111 §5.1): a missing or older pet is
    // staleness the contract does not rule on, noted as a gap rather than failed.
    const age = exchange.response?.headers.age;
    if (age !== undefined) {
      this.findings.push(findingOf(exchange, { code: 'contract_gap', severity: 'warning', check, gap: 'caching', message: `${message} The answer came from a cache (Age: ${age}).`, evidence }));
      return;
    }
    this.findings.push(findingOf(exchange, { code: 'semantic_violation', severity: 'failure', check, message, evidence }));
  }
  result(): Execution {
    return { findings: this.findings, exchanges: this.exchanges };
  }
}

function asList(exchange: Exchange): Obj[] | undefined {
  const r = exchange.response;
  return r?.status === 200 && Array.isArray(r.exactJson) ? (r.exactJson as Obj[]) : undefined;
}

function statusValues(spec: SpecModel): string[] {
  const parameter = spec.operation('listPets')?.parameters.find((p) => p.name === 'status');
  return (parameter?.schema.schema.enum as string[] | undefined) ?? [];
}

/** Ordinary pets: the persistence property is about memory, not input edges, which `valid` covers. */
function newPetArbitrary(spec: SpecModel): fc.Arbitrary<WireJson> {
  return fc.record(
    {
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((s) => (s.trim() === '' ? `Pet${s}` : s)),
      categoryId: fc.integer({ min: -1000, max: 2 ** 31 }),
      status: fc.constantFrom(...statusValues(spec)),
    },
    { requiredKeys: ['name', 'categoryId'] },
  );
}

/** A pet as the model remembers it: the fields the service answered on creation. */
interface Remembered {
  readonly id: string;
  readonly name: unknown;
  readonly categoryId: unknown;
  readonly status: unknown;
}

function sameFields(expected: Remembered, got: Obj): string | undefined {
  if (got.name !== expected.name) return `name ${JSON.stringify(got.name)} instead of ${JSON.stringify(expected.name)}`;
  if (compareNumbers(expected.categoryId, got.categoryId) === 'different') return `categoryId ${String(got.categoryId)} instead of ${String(expected.categoryId)}`;
  if (got.status !== expected.status) return `status ${JSON.stringify(got.status ?? null)} instead of ${JSON.stringify(expected.status ?? null)}`;
  return undefined;
}

type Step =
  | { readonly kind: 'create'; readonly pet: WireJson }
  | { readonly kind: 'get'; readonly pick: number; readonly earlier: boolean }
  | { readonly kind: 'list'; readonly status: string | null }
  | { readonly kind: 'unknown'; readonly id: bigint };

/**
 * Model-based: random sequences of create, get, list and get-unknown, checked against a model of
 * what was created and of some pets listed before. A created pet gets an id no other pet has, is
 * fetchable with the same fields, and listed (when the page is not full); earlier pets stay as they
 * were; an id nobody created is 404.
 */
export const persistence: SequenceProperty<Step[]> = {
  id: 'semantics.persistence',
  operationId: 'createPet',
  operations: ['createPet', 'getPet', 'listPets'],
  writes: true,
  arbitrary: (spec) => {
    const statuses = statusValues(spec);
    const step: fc.Arbitrary<Step> = fc.oneof(
      { arbitrary: newPetArbitrary(spec).map((pet): Step => ({ kind: 'create', pet })), weight: 4 },
      // Mostly pets created in the sequence; sometimes one listed before it, which must be unchanged.
      { arbitrary: fc.record({ pick: fc.nat(), earlier: fc.nat({ max: 4 }) }).map(({ pick, earlier }): Step => ({ kind: 'get', pick, earlier: earlier === 0 })), weight: 3 },
      { arbitrary: fc.option(fc.constantFrom(...statuses), { nil: null }).map((status): Step => ({ kind: 'list', status })), weight: 2 },
      // Ids far above any realistic counter and below 2^53, so every server can parse them.
      { arbitrary: fc.bigInt({ min: 2n ** 40n, max: 2n ** 53n - 1n }).map((id): Step => ({ kind: 'unknown', id })), weight: 1 },
    );
    return fc.array(step, { minLength: 1, maxLength: 8 }).map((steps) => [{ kind: 'create', pet: { name: 'Persisted', categoryId: 1, status: 'pending' } } as Step, ...steps]);
  },
  async execute(steps, context) {
    const recorder = new Recorder(context);
    // Pets that existed before the sequence: creating others must neither reuse their ids nor change them.
    const before = asList(await recorder.send(listCase([['limit', String(MAX_PAGE)]], 'semantics.persistence'))) ?? [];
    const earlier: Remembered[] = before.slice(0, 10).flatMap((item) => {
      const id = integerText(item.id);
      return id === undefined ? [] : [{ id, name: item.name, categoryId: item.categoryId, status: item.status }];
    });
    const model: Remembered[] = [];
    const existingIds = new Set(before.map((item) => integerText(item.id)).filter((id): id is string => id !== undefined));
    const seenIds = new Set<string>();
    for (const step of steps) {
      if (recorder.findings.some((f) => f.severity === 'failure')) break;
      if (step.kind === 'create') {
        const exchange = await recorder.send(createCase(step.pet, 'semantics.persistence'));
        const body = exchange.response?.status === 201 ? (exchange.response.exactJson as Obj | undefined) : undefined;
        const id = integerText(body?.id);
        if (!body || id === undefined) continue;
        if (seenIds.has(id)) recorder.fail(exchange, 'semantics.unique_ids', `Two created pets got the same id ${id}.`, { id });
        else if (existingIds.has(id)) recorder.fail(exchange, 'semantics.unique_ids', `A new pet got id ${id}, which a pet listed before it already had.`, { id });
        seenIds.add(id);
        model.push({ id, name: body.name, categoryId: body.categoryId, status: body.status });
      } else if (step.kind === 'get') {
        const pool = step.earlier || model.length === 0 ? earlier : model;
        if (pool.length === 0) continue;
        const expected = pool[step.pick % pool.length]!;
        const exchange = await recorder.send(getCase(expected.id, 'semantics.persistence'));
        const r = exchange.response;
        if (!r) continue;
        if (r.status !== 200) {
          const origin = existingIds.has(expected.id) ? 'listed before this sequence' : 'created earlier in this sequence';
          if (r.status < 500) recorder.fail(exchange, 'semantics.persistence', `Pet ${expected.id}, ${origin}, got ${r.status} from getPet.`, { id: expected.id });
          continue;
        }
        const difference = sameFields(expected, (r.exactJson ?? {}) as Obj);
        if (difference) recorder.fail(exchange, 'semantics.persistence', `getPet ${expected.id} answered ${difference}.`, { id: expected.id });
      } else if (step.kind === 'list') {
        const query: [string, string][] = [['limit', String(MAX_PAGE)], ...(step.status ? ([['status', step.status]] as [string, string][]) : [])];
        const exchange = await recorder.send(listCase(query, 'semantics.persistence'));
        const items = asList(exchange);
        if (!items) continue;
        const byId = new Map(items.map((item) => [integerText(item.id), item]));
        for (const expected of [...earlier, ...model]) {
          const listed = byId.get(expected.id);
          if (listed) {
            const difference = sameFields(expected, listed);
            if (difference) recorder.fail(exchange, 'semantics.persistence', `The list shows pet ${expected.id} with ${difference}.`, { id: expected.id });
          } else if (items.length < MAX_PAGE && (step.status === null || expected.status === step.status)) {
            recorder.fail(exchange, 'semantics.persistence', `Pet ${expected.id}, created earlier, is missing from a list of ${items.length} items${step.status ? ` filtered on status=${step.status}` : ''}.`, {
              id: expected.id,
            });
          }
        }
      } else {
        const id = step.id.toString();
        if (seenIds.has(id)) continue;
        const exchange = await recorder.send(getCase(id, 'semantics.not_found'));
        const r = exchange.response;
        if (r && r.status !== 404 && r.status < 500) {
          recorder.fail(exchange, 'semantics.not_found', `getPet for an id nobody created (${id}) got ${r.status}; the contract says 404.`, { id });
        }
      }
    }
    return recorder.result();
  },
};

interface PageQuery {
  readonly limit: number;
  readonly status: string | null;
}

/**
 * `limit` pages honestly: a page holds min(limit, available) items, and no limit means the documented
 * default. `limit` may be up to 100, so a server that serves fewer while more exist breaks it.
 */
export const pageSize: SequenceProperty<PageQuery> = {
  id: 'semantics.page_size',
  operationId: 'listPets',
  operations: ['listPets'],
  writes: false,
  arbitrary: (spec) =>
    fc.record({
      limit: fc.oneof(fc.constantFrom(1, 2, 5, 19, 20, 21, 50, 99, 100), fc.integer({ min: 1, max: MAX_PAGE })),
      status: fc.option(fc.constantFrom(...statusValues(spec)), { nil: null }),
    }),
  async execute({ limit, status }, context) {
    const recorder = new Recorder(context);
    const filter: [string, string][] = status ? [['status', status]] : [];
    const defaultLimit = Number(context.spec.operation('listPets')?.parameters.find((p) => p.name === 'limit')?.schema.schema.default ?? 20);
    const all = asList(await recorder.send(listCase([['limit', String(MAX_PAGE)], ...filter], 'semantics.page_size')));
    const pageExchange = await recorder.send(listCase([['limit', String(limit)], ...filter], 'semantics.page_size'));
    const defaultExchange = await recorder.send(listCase([...filter], 'semantics.page_size'));
    const again = asList(await recorder.send(listCase([['limit', String(MAX_PAGE)], ...filter], 'semantics.page_size')));
    const page = asList(pageExchange);
    const byDefault = asList(defaultExchange);
    // Another client changed the data meanwhile: no verdict on sizes.
    if (!all || !again || !page || !byDefault || all.length !== again.length) return recorder.result();
    const available = all.length;
    const expectedPage = Math.min(limit, available);
    if (page.length < expectedPage) {
      recorder.fail(pageExchange, 'semantics.limit', `limit=${limit}${status ? `&status=${status}` : ''} returned ${page.length} items while ${available} are available (expected ${expectedPage}).`, {
        limit,
        returned: page.length,
        available,
      });
    }
    if (byDefault.length < Math.min(available, defaultLimit)) {
      recorder.fail(defaultExchange, 'semantics.limit', `Without a limit the list has ${byDefault.length} items while ${available} are available; the default limit is ${defaultLimit}.`, {
        returned: byDefault.length,
        available,
        defaultLimit,
      });
    }
    return recorder.result();
  },
};

/** Fills the store up to a little more than the default page, so that limits can be seen at work. */
export async function ensurePopulation(context: SequenceContext, rewrite: (c: Case) => Case = (c) => c): Promise<void> {
  if (context.readOnly || !context.spec.operation('createPet') || !context.spec.operation('listPets')) return;
  const statuses = statusValues(context.spec);
  const target = 25;
  const first = await context.send(listCase([['limit', String(MAX_PAGE)]], 'prepare'));
  const have = asList(first)?.length;
  if (have === undefined || have >= target) return;
  const needed = target - have;
  for (let i = 0; i < needed; i++) {
    const status = statuses[i % Math.max(statuses.length, 1)];
    await context.send(rewrite(createCase({ name: `Conformance pet ${i + 1}`, categoryId: 1000 + i, ...(status ? { status } : {}) }, 'prepare')));
  }
}
