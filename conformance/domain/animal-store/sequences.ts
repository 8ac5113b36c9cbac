import type { CheckName } from '../../checks/registry.js';
import fc from 'fast-check';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { Basis, Finding, SemanticEvidence } from '../../findings/index.js';
import { type SpecModel, integerBounds, integerSpread, lengthLadder } from '../../../spec/index.js';
import type { SequenceContext, SequenceProperty } from '../rules.js';
import { LosslessNumber } from 'lossless-json';
import { declaredProperties, edgeOf } from '../../generate/index.js';
import { holdsSent } from '../generic/same-value.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { announcesNextPage } from '../generic/collection-requests.js';
import { pageSizeCheck, uniqueIdsCheck } from '../generic/list-checks.js';
import { integerText } from '../generic/items.js';
import { ExchangeLog } from '../../sweep/index.js';

type Obj = Record<string, unknown>;

/** The largest page the contract lets a client ask for. */
const MAX_PAGE = 100;

/** The body with the step's extra member, when there is one to add. */
function withExtra(pet: WireJson, extra: Extra | undefined, existingId: string | undefined): WireJson {
  const body = pet as Record<string, WireJson>;
  if (extra === 'existing-id' && existingId !== undefined) return { ...body, id: new LosslessNumber(existingId) };
  if (extra === 'category-object') return { ...body, category: { id: 424242, name: 'Other' } };
  return pet;
}

const listCase = (query: [string, string][], family: string): Case => ({
  operationId: 'listPets',
  family,
  kind: 'valid',
  pathParams: {},
  query,
  auth: 'valid',
});
const getCase = (id: string, family: string): Case => ({
  operationId: 'getPet',
  family,
  kind: 'valid',
  pathParams: { petId: id },
  query: [],
  auth: 'valid',
});
const createCase = (pet: WireJson, family: string, spec: SpecModel): Case => {
  // Long names and members the spec does not declare are edges a server may refuse (a gap, not a failure).
  const operation = spec.operation('createPet');
  const edge = edgeOf(pet, operation ? declaredProperties(operation) : undefined, '/body');
  return {
    operationId: 'createPet',
    family,
    kind: 'valid',
    pathParams: {},
    query: [],
    body: { kind: 'json', value: pet },
    auth: 'valid',
    ...(edge ? { edge } : {}),
  };
};

/** Collects exchanges and their findings while a sequence runs. */
/** Where the Animal Store spec says what each of its sequences' rules holds it to (its own words). */
const SPEC_SAYS: Partial<Record<CheckName, Basis>> = {
  'semantics.limit': {
    kind: 'spec',
    pointer: '/paths/~1pets/get/parameters/0',
    says: '`limit`: "Maximum number of animals to return."',
  },
  'semantics.page_size': {
    kind: 'spec',
    pointer: '/paths/~1pets/get/parameters/0',
    says: '`limit`: "Maximum number of animals to return."',
  },
  'semantics.filter': {
    kind: 'spec',
    pointer: '/paths/~1pets/get/parameters/1',
    says: '`status`: "Keep only animals with this availability."',
  },
  'semantics.unique_ids': {
    kind: 'spec',
    pointer: '/components/schemas/Pet/allOf/1/properties/id',
    says: '"Unique identifier assigned by the service on creation."',
  },
  'semantics.persistence': {
    kind: 'spec',
    pointer: '/info/description',
    says: '"The Animal Store keeps a catalogue of animals": what was added is listed and fetched by its identifier',
  },
  'semantics.not_found': {
    kind: 'spec',
    pointer: '/paths/~1pets~1{petId}/get/responses/404',
    says: '"No animal can be found for the given `petId`."',
  },
};

/** The sequences' exchange log, with the contract's own words for what a sequence finds. */
class Recorder extends ExchangeLog {
  fail(exchange: Exchange, check: CheckName, violation: SemanticEvidence): void {
    const basis = SPEC_SAYS[check];
    // A 429 the client's retries did not get past says nothing about memory: the status check
    // already notes the rate limit as a contract gap.
    if (exchange.response?.status === 429) return;
    // An Age header marks a copy served from a cache (RFC 9111 §5.1): a missing or older pet is
    // staleness the contract does not rule on, noted as a gap rather than failed.
    const age = exchange.response?.headers.age;
    if (age !== undefined) {
      this.add(
        findingOf(exchange, {
          code: 'contract_gap',
          severity: 'warning',
          check,
          gap: 'caching',
          evidence: { scenario: 'cached', age, violation },
        }),
      );
      return;
    }
    this.add(
      findingOf(exchange, {
        code: 'semantic_violation',
        severity: 'failure',
        check,
        evidence: violation,
        ...(basis ? { basis } : {}),
      }),
    );
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

/** Names markup escaping, form decoding, normalisation, case folding or truncation would change. */
const TRICKY_NAMES = [
  'Persisted',
  'Tom & Jerry',
  '<Rex>',
  'C++ 100%25',
  'a+b=c',
  'Zoë',
  'Cafe\u0301',
  'ﬁfi',
  'MAX',
  'İstanbul',
  'Rex\'s "toy"',
  'Longname'.repeat(9),
  ' Rex ',
  'Rex  Jr\tII',
  '👩\u200d👧 Family',
  'Rex\r\nJr',
  'Cash $$ $& $1',
  '🐢 Shelly',
];

/** Category ids a store could change: negative, zero, past 32 bits, the int64 extremes. */
const TRICKY_CATEGORIES: WireJson[] = [
  1,
  -5,
  0,
  2 ** 31,
  2 ** 32 + 1,
  -(2 ** 31) - 1,
  new LosslessNumber('9223372036854775807'),
  new LosslessNumber('-9223372036854775808'),
];

/**
 * Names a store could change on the way in or out: markup and form-encoding characters, text that
 * Unicode normalisation or case folding alters, lengths past common column and summary widths.
 */
const STORED_NAME = fc.oneof(
  {
    arbitrary: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
      .map((s) => (s.trim() === '' ? `Pet${s}` : s)),
    weight: 5,
  },
  { arbitrary: fc.constantFrom(...TRICKY_NAMES), weight: 2 },
  // Lengths spread evenly over every order of magnitude from 33 to 2,000 units: the index shrinks
  // toward 33 through every length in between, so a failure that starts at a length shrinks to it.
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0, 0, 1))
      .map(([i, wide]) => ladderName(Math.round(33 * (2000 / 33) ** (i / 1000)), wide === 1)),
    weight: 2,
  },
);

/**
 * A name of exactly `units` UTF-16 units: ASCII, or (`wide`) one, two and three UTF-8 bytes per unit
 * in turn, so that its UTF-8 size is about twice its length (a byte limit and a unit limit differ).
 */
export function ladderName(units: number, wide: boolean): string {
  const pattern = wide ? 'aé小' : 'Longname';
  return pattern.repeat(Math.ceil(units / pattern.length)).slice(0, units);
}

/** Name lengths of the coverage phase: a geometric ladder from 33 to 2,000 units (ratio 1.2). */
const NAME_LADDER = lengthLadder(33, 2000, 1.2);

/** Category ids from small to far beyond 32 bits, all exact as doubles. */
const STORED_CATEGORY = fc.oneof(
  { arbitrary: fc.integer({ min: -1000, max: 2 ** 31 }), weight: 3 },
  { arbitrary: fc.integer({ min: -(2 ** 31), max: -1 }), weight: 1 },
  { arbitrary: fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }), weight: 1 },
);

/** Pets as clients send them: the persistence property is about memory; `valid` covers input edges. */
function newPetArbitrary(spec: SpecModel): fc.Arbitrary<WireJson> {
  return fc.record(
    { name: STORED_NAME, categoryId: STORED_CATEGORY, status: fc.constantFrom(...statusValues(spec)) },
    { requiredKeys: ['name', 'categoryId'] },
  );
}

/**
 * Members a client may add that the service must not take as orders: the `id` of a pet that exists
 * (ids are assigned by the service), or a nested `category` naming another category than `categoryId`.
 */
type Extra = 'none' | 'existing-id' | 'category-object';

/** A pet as the model remembers it: the fields the service answered on creation. */
interface Remembered {
  readonly id: string;
  readonly name: unknown;
  readonly categoryId: unknown;
  readonly status: unknown;
}

function sameFields(expected: Remembered, got: Obj): string | undefined {
  if (got.name !== expected.name) return `name ${JSON.stringify(got.name)} instead of ${JSON.stringify(expected.name)}`;
  // By value: beyond 2^53 the same double is the same number (RFC 8259 §6).
  if (!holdsSent(expected.categoryId, got.categoryId, undefined))
    return `categoryId ${String(got.categoryId)} instead of ${String(expected.categoryId)}`;
  if (got.status !== expected.status)
    return `status ${JSON.stringify(got.status ?? null)} instead of ${JSON.stringify(expected.status ?? null)}`;
  return undefined;
}

type Step =
  | { readonly kind: 'create'; readonly pet: WireJson; readonly extra?: Extra }
  | { readonly kind: 'get'; readonly pick: number; readonly earlier: boolean }
  | { readonly kind: 'list'; readonly status: string | null }
  | { readonly kind: 'unknown'; readonly id: bigint };

/**
 * Model-based: random sequences of create, get, list and get-unknown, checked against a model of
 * what was created and of some pets listed before. A created pet gets an id no other pet has, is
 * fetchable with the same fields, and listed (when the page is not full); earlier pets stay as they
 * were; an id nobody created is 404.
 *
 * Not inferred, because it rests on the contract's prose, not its schemas: a pet never changes once
 * added (§3: "no operation changes the status of an existing pet"), so pets listed before the
 * sequence are held to what they were, which a spec with update operations elsewhere would not
 * allow; a list shorter than `limit` is the whole store (§4: no page or cursor parameter exists), so
 * a pet missing from it is lost; and any name is stored as sent (§2, §8 show no size limit), which
 * the tricky names and the length ladder probe. The inferred lifecycle already checks create → read
 * → list for one random item of any API.
 */
export const persistence: SequenceProperty<Step[]> = {
  id: 'semantics.persistence',
  operationId: 'createPet',
  operations: ['createPet', 'getPet', 'listPets'],
  writes: true,
  arbitrary: (spec) => {
    const statuses = statusValues(spec);
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        arbitrary: fc
          .tuple(
            newPetArbitrary(spec),
            fc.constantFrom<Extra>('none', 'none', 'none', 'none', 'existing-id', 'category-object'),
          )
          .map(([pet, extra]): Step => (extra === 'none' ? { kind: 'create', pet } : { kind: 'create', pet, extra })),
        weight: 4,
      },
      // Mostly pets created in the sequence; sometimes one listed before it, which must be unchanged.
      {
        arbitrary: fc
          .record({ pick: fc.nat(), earlier: fc.nat({ max: 4 }) })
          .map(({ pick, earlier }): Step => ({ kind: 'get', pick, earlier: earlier === 0 })),
        weight: 3,
      },
      {
        arbitrary: fc
          .option(fc.constantFrom(...statuses), { nil: null })
          .map((status): Step => ({ kind: 'list', status })),
        weight: 2,
      },
      // Ids far above any realistic counter and below 2^53, so every server can parse them.
      {
        arbitrary: fc.bigInt({ min: 2n ** 40n, max: 2n ** 53n - 1n }).map((id): Step => ({ kind: 'unknown', id })),
        weight: 1,
      },
    );
    // Every sequence starts by creating a pet whose name a store is likely to change, then reads.
    // With or without a status: a default the 201 shows must also be what is stored.
    const first = fc
      .tuple(fc.constantFrom(...TRICKY_NAMES), fc.option(fc.constantFrom(...statuses), { nil: undefined }))
      .map(([name, status]): Step => ({ kind: 'create', pet: { name, categoryId: 1, ...(status ? { status } : {}) } }));
    return fc
      .tuple(first, fc.array(step, { minLength: 1, maxLength: 8 }))
      .map(([head, steps]) => [head, { kind: 'get', pick: 0, earlier: false } as Step, ...steps]);
  },
  // The coverage phase: each tricky name and category id once, created, read back and listed; then
  // names along the length ladder (ASCII and multi-byte in turn), each created and read back.
  examples: (spec) => {
    const statuses = statusValues(spec);
    const tricky = TRICKY_NAMES.map((name, i): Step[] => {
      const status = i % 2 === 0 ? statuses[i % Math.max(statuses.length, 1)] : undefined;
      const pet: WireJson = {
        name,
        categoryId: TRICKY_CATEGORIES[i % TRICKY_CATEGORIES.length]!,
        ...(status ? { status } : {}),
      };
      return [
        { kind: 'create', pet },
        { kind: 'get', pick: 0, earlier: false },
        { kind: 'list', status: null },
      ];
    });
    const ladder = (lengths: number[], offset: number): Step[] => [
      ...lengths.flatMap((units, i): Step[] => [
        {
          kind: 'create',
          pet: {
            name: ladderName(units, (i + offset) % 2 === 1),
            categoryId: 1,
            ...(statuses.length > 0 ? { status: statuses[(i + offset) % statuses.length]! } : {}),
          },
        },
        { kind: 'get', pick: i, earlier: false },
      ]),
      { kind: 'list', status: null },
    ];
    const half = Math.ceil(NAME_LADDER.length / 2);
    return [...tricky, ladder(NAME_LADDER.slice(0, half), 0), ladder(NAME_LADDER.slice(half), half)];
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
    const existingIds = new Set(
      before.map((item) => integerText(item.id)).filter((id): id is string => id !== undefined),
    );
    const seenIds = new Set<string>();
    for (const step of steps) {
      if (recorder.findings.some((f) => f.severity === 'failure')) break;
      if (step.kind === 'create') {
        const exchange = await recorder.send(
          createCase(withExtra(step.pet, step.extra, earlier[0]?.id), 'semantics.persistence', context.spec),
        );
        const body = exchange.response?.status === 201 ? (exchange.response.exactJson as Obj | undefined) : undefined;
        const id = integerText(body?.id);
        if (!body || id === undefined) continue;
        if (seenIds.has(id))
          recorder.fail(exchange, 'semantics.unique_ids', { rule: 'id-reused', id, seenIn: 'same-run' });
        else if (existingIds.has(id))
          recorder.fail(exchange, 'semantics.unique_ids', { rule: 'id-reused', id, seenIn: 'earlier-list' });
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
          const origin = existingIds.has(expected.id)
            ? 'listed before this sequence'
            : 'created earlier in this sequence';
          if (r.status < 500)
            recorder.fail(exchange, 'semantics.persistence', {
              rule: 'read-status',
              id: expected.id,
              origin,
              status: r.status,
            });
          continue;
        }
        const difference = sameFields(expected, (r.exactJson ?? {}) as Obj);
        if (difference)
          recorder.fail(exchange, 'semantics.persistence', { rule: 'read-differs', id: expected.id, difference });
      } else if (step.kind === 'list') {
        // A full page hides pets past it (an id-ordered store larger than the page): pets of the
        // model it does not show are then read where they should be, in the page of their status.
        let status = step.status;
        for (let read = 0; read < 2; read++) {
          const query: [string, string][] = [
            ['limit', String(MAX_PAGE)],
            ...(status ? ([['status', status]] as [string, string][]) : []),
          ];
          const exchange = await recorder.send(listCase(query, 'semantics.persistence'));
          const items = asList(exchange);
          if (!items) break;
          const byId = new Map(items.map((item) => [integerText(item.id), item]));
          const hidden: Remembered[] = [];
          for (const expected of [...earlier, ...model]) {
            const listed = byId.get(expected.id);
            if (listed) {
              const difference = sameFields(expected, listed);
              if (difference)
                recorder.fail(exchange, 'semantics.persistence', { rule: 'list-differs', id: expected.id, difference });
            } else if (
              items.length < MAX_PAGE &&
              !announcesNextPage(exchange) &&
              (status === null || expected.status === status)
            ) {
              recorder.fail(exchange, 'semantics.persistence', {
                rule: 'list-missing',
                id: expected.id,
                items: items.length,
                ...(status ? { status } : {}),
              });
            } else if (items.length >= MAX_PAGE && typeof expected.status === 'string' && expected.status !== status)
              hidden.push(expected);
          }
          const next = hidden.at(-1)?.status;
          if (typeof next !== 'string' || recorder.findings.some((f) => f.severity === 'failure')) break;
          status = next;
        }
      } else {
        const id = step.id.toString();
        if (seenIds.has(id)) continue;
        const exchange = await recorder.send(getCase(id, 'semantics.not_found'));
        const r = exchange.response;
        if (r && r.status !== 404 && r.status < 500) {
          recorder.fail(exchange, 'semantics.not_found', { rule: 'not-found', id, status: r.status });
        }
      }
    }
    return recorder.execution();
  },
};

interface PageQuery {
  readonly limit: number;
  readonly status: string | null;
}

/**
 * `limit` pages honestly: a page holds min(limit, available) items, and no limit means the documented
 * default. `limit` may be up to 100, so a server that serves fewer while more exist breaks it.
 *
 * Not inferred: the inferred page-size check holds a page to at most its size, which is all a page
 * size means in general (a server may serve shorter pages and a next link or cursor). That a short
 * page is a failure is the Animal Store's reading: §4 shows no page or cursor parameter and no page
 * metadata, so items past a short page are out of every client's reach. A `Link: rel="next"` is
 * still accepted as the `pagination` gap.
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
    const defaultLimit = Number(
      context.spec.operation('listPets')?.parameters.find((p) => p.name === 'limit')?.schema.schema.default ?? 20,
    );
    const all = asList(await recorder.send(listCase([['limit', String(MAX_PAGE)], ...filter], 'semantics.page_size')));
    const pageExchange = await recorder.send(listCase([['limit', String(limit)], ...filter], 'semantics.page_size'));
    const defaultExchange = await recorder.send(listCase([...filter], 'semantics.page_size'));
    const again = asList(
      await recorder.send(listCase([['limit', String(MAX_PAGE)], ...filter], 'semantics.page_size')),
    );
    const page = asList(pageExchange);
    const byDefault = asList(defaultExchange);
    // Another client changed the data meanwhile: no verdict on sizes.
    if (!all || !again || !page || !byDefault || all.length !== again.length) return recorder.execution();
    const available = all.length;
    const expectedPage = Math.min(limit, available);
    if (page.length < expectedPage && announcesNextPage(pageExchange)) {
      recorder.findings.push(
        findingOf(pageExchange, {
          code: 'contract_gap',
          severity: 'warning',
          check: 'semantics.limit',
          gap: 'pagination',
          evidence: { scenario: 'own-page-size', limit, returned: page.length, available },
        }),
      );
    } else if (page.length < expectedPage) {
      recorder.fail(pageExchange, 'semantics.limit', {
        rule: 'short-page',
        limit,
        ...(status ? { status } : {}),
        returned: page.length,
        available,
        expected: expectedPage,
      });
    }
    if (byDefault.length < Math.min(available, defaultLimit) && !announcesNextPage(defaultExchange)) {
      recorder.fail(defaultExchange, 'semantics.limit', {
        rule: 'short-default-page',
        returned: byDefault.length,
        available,
        defaultLimit,
      });
    }
    return recorder.execution();
  },
};

/**
 * Preparation, after the inferred one (whose probes need the store small).
 * Fills the store up to a little more than the default page, so that limits can be seen at work;
 * then, unless it already holds half the largest page, grows it to that one pet at a time, reading
 * it at rungs on the way ({@link growthRungs}): the largest page and a page one larger than the
 * store (a list that wraps around or pads itself to `limit` shows only while the store is smaller
 * than the page asked for). The reads go through the inferred list checks (page size, unique ids).
 * Not inferred: some fifty creations are worth their cost only where short pages are failures, the
 * Animal Store's reading of `limit` (see {@link pageSize}).
 */
export async function ensurePopulation(context: SequenceContext): Promise<Finding[]> {
  if (context.readOnly || !context.spec.operation('createPet') || !context.spec.operation('listPets')) return [];
  const statuses = statusValues(context.spec);
  const target = 25;
  const first = await context.send(listCase([['limit', String(MAX_PAGE)]], 'prepare'));
  let have = asList(first)?.length;
  if (have === undefined) return [];
  const findings: Finding[] = [];
  // The inferred page-size and unique-ids checks of the pets collection.
  const pets = resourceModelFor(context.spec).model.collections.find(
    (c) => c.operations.list?.operationId === 'listPets',
  );
  const listChecks = pets ? [pageSizeCheck(pets), uniqueIdsCheck(pets)].filter((c) => c !== undefined) : [];
  // Half the largest page: past it the store is read at sizes a page can exceed, and below it a
  // new pet still shows in an id-ordered largest page (later properties compare lists with it).
  const grown = Math.floor(MAX_PAGE / 2);
  const rungs = new Set(growthRungs(grown));
  for (let i = 0; have < Math.max(target, grown); i++) {
    const status = statuses[i % Math.max(statuses.length, 1)];
    const created = await context.send(
      createCase(
        { name: `Conformance pet ${i + 1}`, categoryId: 1000 + i, ...(status ? { status } : {}) },
        'prepare',
        context.spec,
      ),
    );
    // A store that refuses to grow (a quota, a read-only target): stop filling it.
    const answered = created.response?.status ?? 0;
    if (answered < 200 || answered >= 300) break;
    have++;
    if (have < target || !rungs.has(have)) continue;
    for (const query of [[['limit', String(MAX_PAGE)]], [['limit', String(Math.min(have + 1, MAX_PAGE))]]] as [
      string,
      string,
    ][][]) {
      const exchange = await context.send(listCase(query, 'semantics.growth'));
      // Judged by the list checks alone (preparation is not a property: no tallies, and --only
      // may have left listPets out of the run's checks).
      const operation = context.spec.operation('listPets')!;
      findings.push(
        ...listChecks
          .flatMap((check) => check.run({ exchange, operation }))
          .filter((f) => f.severity === 'failure')
          .map((f): Finding => {
            const basis = SPEC_SAYS[f.check];
            return basis && !f.basis ? { ...f, basis } : f;
          }),
      );
    }
  }
  return findings;
}

/** Store sizes at which a growing store is read: just past the default page and on, up to `upTo`. */
export function growthRungs(upTo: number): number[] {
  return [26, 33, 40, upTo].filter((n, i, all) => n <= upTo && all.indexOf(n) === i);
}

/**
 * Page sizes across the whole range of `limit` (generate/spread.ts: a grid of the range), each with
 * the filters in turn, and the sizes around what each filter holds: every page holds
 * min(limit, available) items (the per-exchange checks judge the filter, the upper bound and
 * repeated ids). One execution per round: the sweep is the point, not the draw. Not inferred, for
 * the reason {@link pageSize} gives.
 */
export const pageSpread: SequenceProperty<number> = {
  id: 'semantics.page_spread',
  operationId: 'listPets',
  operations: ['listPets'],
  writes: false,
  runs: 1,
  arbitrary: (spec) => fc.nat({ max: statusValues(spec).length }),
  async execute(offset, context) {
    const recorder = new Recorder(context);
    const filters: (string | null)[] = [null, ...statusValues(context.spec)];
    const schema = context.spec.operation('listPets')?.parameters.find((p) => p.name === 'limit')?.schema.schema ?? {};
    const { lo, hi } = integerBounds({
      minimum: 1,
      ...schema,
      ...(typeof schema.maximum === 'number' ? {} : { maximum: MAX_PAGE }),
    });
    const query = (limit: bigint | number, status: string | null): [string, string][] => [
      ['limit', String(limit)],
      ...(status ? ([['status', status]] as [string, string][]) : []),
    ];
    const available = new Map<string | null, number>();
    for (const status of filters) {
      const all = asList(await recorder.send(listCase(query(hi, status), 'semantics.page_spread')));
      if (all) available.set(status, all.length);
    }
    const plan: [bigint, string | null][] = integerSpread(lo, hi).map((limit, i) => [
      limit,
      filters[(i + offset) % filters.length]!,
    ]);
    // Sizes relative to what the store holds, where it holds less than the largest page.
    for (const [status, count] of available)
      for (const n of [count - 1, count, count + 1])
        if (BigInt(n) >= lo && BigInt(n) < hi) plan.push([BigInt(n), status]);
    for (const [limit, status] of plan) {
      const count = available.get(status);
      if (count === undefined) continue;
      const exchange = await recorder.send(listCase(query(limit, status), 'semantics.page_spread'));
      const page = asList(exchange);
      const expected = Math.min(Number(limit), count);
      if (page && page.length < expected && !announcesNextPage(exchange)) {
        recorder.fail(exchange, 'semantics.limit', {
          rule: 'short-page',
          limit: Number(limit),
          ...(status ? { status } : {}),
          returned: page.length,
          available: count,
          expected,
        });
      }
    }
    return recorder.execution();
  },
};
