import { beforeAll, describe, expect, it } from 'vitest';
import {
  invalidCase,
  jsonResponse,
  loadOperations,
  pet,
  response,
  run,
  validCase,
  verdicts,
  type Operations,
} from '../../checks/_test-support.js';
import { checkListFilter, checkListLimit, checkListUniqueIds } from './list-checks.js';
import { describeFinding } from '../../report/describe-finding.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const pets = (n: number, fields: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => pet(i + 1, fields));
const list = (query: [string, string][]) => validCase('listPets', { query });

describe('checkListLimit', () => {
  it('passes lists no longer than the limit', () => {
    for (const [limit, n] of [
      [1, 1],
      [5, 5],
      [5, 0],
      [100, 100],
    ] as const) {
      expect(run(checkListLimit, ops.listPets, list([['limit', String(limit)]]), jsonResponse(200, pets(n)))).toEqual(
        [],
      );
    }
  });

  it('fails a list longer than the limit', () => {
    const findings = run(checkListLimit, ops.listPets, list([['limit', '5']]), jsonResponse(200, pets(6)));
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ rule: 'limit', limit: 5, returned: 6, defaulted: false });
    expect(describeFinding(findings[0]!)).toBe('limit=5 returned 6 items.');
  });

  it('holds a list without limit to the documented default of 20', () => {
    expect(run(checkListLimit, ops.listPets, list([]), jsonResponse(200, pets(20)))).toEqual([]);
    const findings = run(checkListLimit, ops.listPets, list([['status', 'available']]), jsonResponse(200, pets(21)));
    expect(findings[0]!.evidence).toEqual({ rule: 'limit', limit: 20, returned: 21, defaulted: true });
  });

  it('reads the last of repeated limits', () => {
    expect(
      verdicts(
        run(
          checkListLimit,
          ops.listPets,
          list([
            ['limit', '50'],
            ['limit', '2'],
          ]),
          jsonResponse(200, pets(3)),
        ),
      ),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
  });

  it('holds an accepted invalid limit to nothing', () => {
    for (const limit of ['abc', '0', '101', ''])
      expect(run(checkListLimit, ops.listPets, list([['limit', limit]]), jsonResponse(200, pets(30)))).toEqual([]);
  });

  it('judges only 200 lists of valid, authorised cases', () => {
    expect(
      run(
        checkListLimit,
        ops.listPets,
        invalidCase('listPets', { location: 'query.status' }, { query: [['limit', '1']] }),
        jsonResponse(200, pets(3)),
      ),
    ).toEqual([]);
    expect(run(checkListLimit, ops.listPets, list([['limit', '1']]), jsonResponse(206, pets(3)))).toEqual([]);
    expect(run(checkListLimit, ops.listPets, list([['limit', '1']]), jsonResponse(200, { items: pets(3) }))).toEqual(
      [],
    );
  });
});

describe('checkListFilter', () => {
  it('passes a list whose items all have the status asked for', () => {
    expect(
      run(checkListFilter, ops.listPets, list([['status', 'sold']]), jsonResponse(200, pets(3, { status: 'sold' }))),
    ).toEqual([]);
    expect(run(checkListFilter, ops.listPets, list([['status', 'sold']]), jsonResponse(200, []))).toEqual([]);
  });

  it('fails a list with an item of another status, or none', () => {
    const body = [
      pet(1, { status: 'sold' }),
      pet(2, { status: 'pending' }),
      { id: 3, name: 'No status', categoryId: 1 },
    ];
    const findings = run(checkListFilter, ops.listPets, list([['status', 'sold']]), jsonResponse(200, body));
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    // Ids as text, so that reports print the digits, not a LosslessNumber object.
    expect(findings[0]!.evidence).toEqual({
      rule: 'filter',
      filter: 'sold',
      total: 3,
      offending: 2,
      mismatched: [
        { id: '2', status: 'pending' },
        { id: '3', status: undefined },
      ],
    });
    expect(JSON.stringify(findings[0]!.evidence)).toBe(
      '{"rule":"filter","filter":"sold","total":3,"offending":2,"mismatched":[{"id":"2","status":"pending"},{"id":"3"}]}',
    );
    expect(describeFinding(findings[0]!)).toContain('2 of 3 items');
  });

  it('asks nothing without a valid status filter', () => {
    const mixed = [pet(1, { status: 'sold' }), pet(2, { status: 'pending' })];
    expect(run(checkListFilter, ops.listPets, list([]), jsonResponse(200, mixed))).toEqual([]);
    expect(run(checkListFilter, ops.listPets, list([['status', 'SOLD']]), jsonResponse(200, mixed))).toEqual([]);
  });
});

describe('checkListUniqueIds', () => {
  it('passes distinct ids', () => {
    expect(run(checkListUniqueIds, ops.listPets, list([]), jsonResponse(200, pets(5)))).toEqual([]);
  });

  it('fails a repeated id and counts the others', () => {
    const findings = run(
      checkListUniqueIds,
      ops.listPets,
      list([]),
      jsonResponse(200, [pet(1), pet(2), pet(1), pet(2), pet(3)]),
    );
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ rule: 'duplicate-ids', duplicates: ['1', '2'] });
    expect(describeFinding(findings[0]!)).toContain('repeats id 1 and 1 more');
  });

  it('tells apart ids beyond 2^53 that differ only past double precision', () => {
    const text =
      '[{"id":9007199254740992,"name":"a","categoryId":1},{"id":9007199254740993,"name":"b","categoryId":1},{"id":9223372036854775807,"name":"c","categoryId":1},{"id":9223372036854775806,"name":"d","categoryId":1}]';
    expect(run(checkListUniqueIds, ops.listPets, list([]), response(200, text))).toEqual([]);
  });

  it('finds an exact repeat beyond 2^53, digit for digit', () => {
    const text =
      '[{"id":9223372036854775807,"name":"a","categoryId":1},{"id":9223372036854775807,"name":"b","categoryId":1}]';
    expect(run(checkListUniqueIds, ops.listPets, list([]), response(200, text))[0]!.evidence).toEqual({
      rule: 'duplicate-ids',
      duplicates: ['9223372036854775807'],
    });
  });
});
