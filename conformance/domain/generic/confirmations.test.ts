// The ledger of what a target confirmed of the kit's inferences, through the generic rules: a page
// size, a filter and an id are judged failures only once this target behaved by them on other input.
import { beforeAll, describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { jsonResponse, loadOperations, pet, REQUEST, validCase, type Operations } from '../../checks/_test-support.js';
import type { Finding } from '../../findings/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { genericRules } from './index.js';
import { Confirmations, noteStoredMembers, storedBasis } from './confirmations.js';
import { thingsSpec } from './__fixtures__/things-spec.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const pets = (n: number, fields: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => pet(i + 1, fields));

function setup() {
  // The Animal Store's `limit` says in words that it caps the page ("Maximum number of animals to
  // return"), which the page-size rule rests on at once; here it stands on its name alone.
  const model = resourceModelFor(ops.spec).model;
  const unstated = {
    ...model,
    collections: model.collections.map((c) => {
      if (!c.pageSize) return c;
      const { stated: _words, ...byName } = c.pageSize;
      return { ...c, pageSize: byName };
    }),
  };
  const rules = genericRules(ops.spec, unstated);
  const exchange = (c: Case, body: unknown, status = 200): Exchange => ({
    case: c,
    request: REQUEST,
    response: jsonResponse(status, body),
  });
  /** Sends an answer through harvest (as the engine does first) and then every listPets / getPet check. */
  const answer = (c: Case, body: unknown): Finding[] => {
    const e = exchange(c, body);
    const operation = ops.spec.operation(c.operationId)!;
    rules.harvest(e, operation);
    return (rules.checks[c.operationId] ?? []).flatMap((check) => check.run({ exchange: e, operation }));
  };
  return { answer };
}

const list = (query: [string, string][]) => validCase('listPets', { query });

describe('confirmed inferences', () => {
  it('judges a page size only once the target filled a page of another size exactly', () => {
    const { answer } = setup();
    const over = answer(list([['limit', '2']]), pets(5));
    expect(over.map((f) => [f.severity, f.basis?.kind])).toEqual([['advisory', 'unconfirmed']]);
    expect(answer(list([['limit', '3']]), pets(3))).toEqual([]);
    const confirmed = answer(list([['limit', '2']]), pets(5));
    expect(confirmed.map((f) => f.basis)).toEqual([
      expect.objectContaining({
        kind: 'confirmed',
        confirmedBy: 'listPets with limit=3 answered a full page of 3 items, and another answer of the list held more',
      }),
    ]);
  });

  it('takes no full page as confirmation while no answer of the list held more items than it', () => {
    // rc-users (held-out set 54): the same two users for every request, limit=2 and limit=1 alike.
    const { answer } = setup();
    expect(answer(list([['limit', '2']]), pets(2))).toEqual([]);
    const over = answer(list([['limit', '1']]), pets(2));
    expect(over.map((f) => [f.severity, f.basis?.kind])).toEqual([['advisory', 'unconfirmed']]);
  });

  it('judges a filter the spec states at once: "Keep only animals with this availability"', () => {
    const { answer } = setup();
    const wrong = answer(list([['status', 'sold']]), [pet(1, { status: 'sold' }), pet(2, { status: 'available' })]);
    expect(wrong.map((f) => [f.severity, f.basis?.kind])).toEqual([['failure', 'spec']]);
  });

  it('judges a filter only its name infers once the target answered another value of it with matching items only', () => {
    const item = { type: 'object', properties: { id: { type: 'integer' }, colour: { type: 'string' } } };
    const spec = specFromDocument({
      openapi: '3.1.0',
      info: { title: 'things', version: '1' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            parameters: [{ name: 'colour', in: 'query', schema: { type: 'string' } }],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: item } } } },
            },
          },
        },
      },
    } as never);
    const rules = genericRules(spec, resourceModelFor(spec).model);
    const operation = spec.operation('listThings')!;
    const answer = (colour: string, body: unknown) => {
      const e: Exchange = {
        case: validCase('listThings', { query: [['colour', colour]] }),
        request: REQUEST,
        response: jsonResponse(200, body),
      };
      rules.harvest(e, operation);
      return (rules.checks.listThings ?? []).flatMap((check) => check.run({ exchange: e, operation }));
    };
    const wrong = () =>
      answer('red', [
        { id: 1, colour: 'red' },
        { id: 2, colour: 'blue' },
      ]);
    expect(wrong().map((f) => f.basis?.kind)).toEqual(['unconfirmed']);
    answer('blue', [{ id: 3, colour: 'blue' }]);
    expect(wrong().map((f) => f.basis?.kind)).toEqual(['confirmed']);
  });

  it('judges an id only once a read of another id answered the item with that id', () => {
    const { answer } = setup();
    const read = (id: string, body: unknown) => answer(validCase('getPet', { pathParams: { petId: id } }), body);
    expect(read('5', pet(6)).map((f) => f.basis?.kind)).toEqual(['unconfirmed']);
    expect(read('7', pet(7))).toEqual([]);
    expect(read('5', pet(6)).map((f) => f.basis)).toEqual([
      expect.objectContaining({
        kind: 'confirmed',
        confirmedBy: 'getPet of petId "7" answered the item whose id is "7"',
      }),
    ]);
  });
});

describe('read-back, member by member (held-out set 25, express-task-manager)', () => {
  // A task manager's create ignores `status` and starts every task `pending`; its titles are stored.
  const things = resourceModelFor(thingsSpec()).model.collections[0]!;
  const words = 'an item reads back as it was written';

  it('a member the server always sets itself is no confirmed breach', () => {
    const ledger = new Confirmations();
    noteStoredMembers(
      ledger,
      things,
      'createThing',
      { name: 'a', state: 'draft' },
      { id: 1, name: 'a', state: 'draft' },
      'read 1',
    );
    const basis = storedBasis(
      ledger,
      things,
      'createThing',
      { name: 'b', state: 'live' },
      { id: 2, name: 'b', state: 'draft' },
      words,
    );
    expect(basis?.kind).toBe('unconfirmed');
  });

  it('a member the server stored as sent with another value is a confirmed breach', () => {
    const ledger = new Confirmations();
    noteStoredMembers(
      ledger,
      things,
      'createThing',
      { name: 'a', state: 'live' },
      { id: 1, name: 'a', state: 'live' },
      'read 1',
    );
    const basis = storedBasis(
      ledger,
      things,
      'createThing',
      { name: 'b', state: 'retired' },
      { id: 2, name: 'b', state: 'draft' },
      words,
    );
    expect(basis).toMatchObject({ kind: 'confirmed', confirmedBy: 'read 1' });
    // A name stored as sent before, now read otherwise: confirmed too.
    const renamed = storedBasis(ledger, things, 'createThing', { name: 'c' }, { id: 3, name: 'x' }, words);
    expect(renamed?.kind).toBe('confirmed');
    // What an update stored says nothing of what the create keeps.
    expect(
      storedBasis(ledger, things, 'createThing', { state: 'retired' }, { id: 4, state: 'draft' }, words)?.kind,
    ).toBe('confirmed');
    const updated = new Confirmations();
    noteStoredMembers(updated, things, 'updateThing', { state: 'live' }, { id: 1, state: 'live' }, 'read 1');
    expect(
      storedBasis(updated, things, 'createThing', { state: 'retired' }, { id: 2, state: 'draft' }, words)?.kind,
    ).toBe('unconfirmed');
  });
});

describe('read-back of a member the read lacks', () => {
  it('is left to the collection-wide rule: lost, not set by the server', () => {
    const things = resourceModelFor(thingsSpec()).model.collections[0]!;
    const ledger = new Confirmations();
    expect(
      storedBasis(ledger, things, 'createThing', { name: 'b', state: 'live' }, { id: 2, name: 'b' }, 'stored'),
    ).toBeUndefined();
  });
});

describe('read-back of a member the last write did not name (ticketing zoo, sem-merge-as-put)', () => {
  const item = {
    type: 'object',
    properties: { id: { type: 'integer', readOnly: true }, tags: { type: 'array', items: { type: 'string' } } },
  };
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const venues = resourceModelFor(
    specFromDocument({
      openapi: '3.1.0',
      info: { title: 'venues', version: '1' },
      paths: {
        '/venues': {
          get: {
            operationId: 'listVenues',
            responses: { '200': { description: 'all', ...json({ type: 'array', items: item }) } },
          },
          post: {
            operationId: 'createVenue',
            requestBody: json(item),
            responses: { '201': { description: 'made', ...json(item) } },
          },
        },
        '/venues/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          get: { operationId: 'getVenue', responses: { '200': { description: 'one', ...json(item) } } },
          patch: {
            operationId: 'updateVenue',
            requestBody: json(item),
            responses: { '200': { description: 'changed', ...json(item) } },
          },
        },
      },
    } as never),
  ).model.collections[0]!;
  const words = 'an item reads back as it was written';

  it('is judged by the write that set it: a merge patch that empties the tags the create stored', () => {
    const ledger = new Confirmations();
    // The create stored a list as sent: lists confirm too.
    noteStoredMembers(ledger, venues, 'createVenue', { tags: ['a'] }, { id: 1, tags: ['a'] }, 'read 1');
    const read = { id: 2, tags: [] };
    // An empty patch named nothing: the tags are still the create's, not the update's.
    expect(storedBasis(ledger, venues, 'updateVenue', { tags: ['b'] }, read, words)?.kind).toBe('unconfirmed');
    expect(
      storedBasis(ledger, venues, 'updateVenue', { tags: ['b'] }, read, words, { tags: 'createVenue' }),
    ).toMatchObject({ kind: 'confirmed', confirmedBy: 'read 1' });
  });
});

describe('an id confirmed by a write to the item path (held-out set 139: games with no read by id)', () => {
  const game = {
    type: 'object',
    required: ['name'],
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
  };
  const json = (schema: object) => ({ content: { 'application/json': { schema } } });
  const spec = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'games', version: '1' },
    paths: {
      '/games': {
        get: {
          operationId: 'listGames',
          responses: { '200': { description: 'ok', ...json({ type: 'array', items: game }) } },
        },
        post: {
          operationId: 'createGame',
          requestBody: json(game),
          responses: { '201': { description: 'made', ...json(game) } },
        },
      },
      '/games/{id}': {
        put: {
          operationId: 'replaceGame',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: json(game),
          responses: { '200': { description: 'ok', ...json(game) } },
        },
      },
    },
  } as never);
  const rules = genericRules(spec, resourceModelFor(spec).model);
  const answer = (c: Case, body: unknown): Finding[] => {
    const e: Exchange = { case: c, request: REQUEST, response: jsonResponse(200, body) };
    const operation = spec.operation(c.operationId)!;
    rules.harvest(e, operation);
    return (rules.checks[c.operationId] ?? []).flatMap((check) => check.run({ exchange: e, operation }));
  };
  const replace = (id: string, body: Record<string, unknown>) =>
    validCase('replaceGame', { pathParams: { id }, body: { kind: 'json', value: body as never } });
  const listed = () =>
    answer(validCase('listGames'), [
      { id: 4, name: 'a' },
      { id: 4, name: 'b' },
    ]);

  it('an echo of the id the body sent confirms nothing; an answer naming the path id where the body sent none does', () => {
    expect(listed().map((f) => f.basis?.kind)).toEqual(['unconfirmed']);
    answer(replace('7', { id: 7, name: 'x' }), { id: 7, name: 'x' });
    expect(listed().map((f) => f.basis?.kind)).toEqual(['unconfirmed']);
    answer(replace('7', { name: 'x' }), { id: 7, name: 'x' });
    expect(listed().map((f) => [f.severity, f.basis?.kind])).toEqual([['failure', 'confirmed']]);
  });
});
