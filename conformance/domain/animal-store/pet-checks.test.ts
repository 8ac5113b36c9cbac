import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { WireJson } from '../../cases/index.js';
import type { OperationModel } from '../../../spec/index.js';
import {
  authCase,
  invalidCase,
  jsonResponse,
  pet,
  response,
  run,
  validCase,
  verdicts,
} from '../../checks/_test-support.js';
import { checkCreateEcho, checkGetIdentity } from './pet-checks.js';

// Both checks read the exchange only: what was sent and what came back.
const operation = {} as OperationModel;
const ops = { createPet: operation, getPet: operation };

const create = (value: WireJson) => validCase('createPet', { body: { kind: 'json', value } });
const echo = (sent: WireJson, bodyText: string) =>
  run(checkCreateEcho, ops.createPet, create(sent), response(201, bodyText));

describe('checkCreateEcho', () => {
  it('passes an exact echo', () => {
    expect(
      echo({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1,"status":"sold"}'),
    ).toEqual([]);
    expect(
      echo(
        { name: 'Max', categoryId: new LosslessNumber('9223372036854775807') },
        '{"id":8,"name":"Max","categoryId":9223372036854775807}',
      ),
    ).toEqual([]);
  });

  it('warns, under integer-precision, when categoryId comes back rounded to the same double', () => {
    const findings = echo(
      { name: 'Max', categoryId: new LosslessNumber('9007199254740993'), status: 'sold' },
      '{"id":8,"name":"Max","categoryId":9007199254740992,"status":"sold"}',
    );
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'integer-precision' }]);
    expect(findings[0]!.evidence).toEqual({
      scenario: 'double-rounded',
      sent: '9007199254740993',
      received: '9007199254740992',
    });
  });

  it('fails a categoryId that is another number', () => {
    const findings = echo(
      { name: 'Rex', categoryId: 1, status: 'sold' },
      '{"id":7,"name":"Rex","categoryId":2,"status":"sold"}',
    );
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ rule: 'echo', member: 'categoryId', sent: '1', received: '2' });
    expect(
      verdicts(
        echo({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":"1","status":"sold"}'),
      ),
    ).toEqual([]);
  });

  it('fails a name or a status that differs', () => {
    expect(
      verdicts(
        echo(
          { name: 'Émile', categoryId: 1, status: 'sold' },
          '{"id":7,"name":"Emile","categoryId":1,"status":"sold"}',
        ),
      ),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(
      verdicts(
        echo({ name: ' Rex ', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1,"status":"sold"}'),
      ),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    const status = echo(
      { name: 'Rex', categoryId: 1, status: 'sold' },
      '{"id":7,"name":"Rex","categoryId":1,"status":"available"}',
    );
    expect(verdicts(status)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(status[0]!.evidence).toEqual({ rule: 'echo', member: 'status', sent: 'sold', received: 'available' });
    expect(
      verdicts(echo({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1}')),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
  });

  it('warns about the default status a pet created without one gets, and asks nothing when there is none', () => {
    const findings = echo({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","categoryId":1,"status":"available"}');
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'default-status' }]);
    expect(findings[0]!.evidence).toEqual({ scenario: 'default-status', defaultStatus: 'available' });
    expect(echo({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","categoryId":1}')).toEqual([]);
  });

  it('judges only 201 answers to valid bodies', () => {
    const wrong = '{"id":7,"name":"Other","categoryId":2,"status":"sold"}';
    expect(run(checkCreateEcho, ops.createPet, create({ name: 'Rex', categoryId: 1 }), response(200, wrong))).toEqual(
      [],
    );
    expect(
      run(
        checkCreateEcho,
        ops.createPet,
        invalidCase('createPet', {}, { body: { kind: 'json', value: { name: 42, categoryId: 1 } } }),
        response(201, wrong),
      ),
    ).toEqual([]);
    // A repeated member means what each parser makes of it: no echo to expect.
    const repeated = validCase('createPet', {
      body: { kind: 'raw', text: '{"name":"Rex","categoryId":1,"name":7}' },
      edge: { gap: 'duplicate-members', description: 'x' },
    });
    expect(run(checkCreateEcho, ops.createPet, repeated, response(201, wrong))).toEqual([]);
    expect(run(checkCreateEcho, ops.createPet, create({ name: 'Rex', categoryId: 1 }), response(201, '[]'))).toEqual(
      [],
    );
  });

  it('judges raw spellings of a body by the value they spell', () => {
    const escaped = validCase('createPet', {
      body: { kind: 'raw', text: '{"name":"\\uD83D\\uDC22 Sh\\u00E9lly","categoryId":1e2}' },
    });
    expect(
      verdicts(
        run(checkCreateEcho, ops.createPet, escaped, jsonResponse(201, pet(1, { name: '🐢 Shélly', categoryId: 100 }))),
      ).filter((v) => v.severity === 'failure'),
    ).toEqual([]);
    expect(
      verdicts(
        run(
          checkCreateEcho,
          ops.createPet,
          escaped,
          jsonResponse(201, pet(1, { name: '\ufffd\ufffd Shélly', categoryId: 100 })),
        ),
      ),
    ).toContainEqual({ code: 'semantic_violation', severity: 'failure' });
  });

  it('also judges a pet created under a bad key that was let in', () => {
    const c = authCase('createPet', 'none', { body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } } });
    expect(
      verdicts(run(checkCreateEcho, ops.createPet, c, jsonResponse(201, pet(1, { name: 'Other' })))),
    ).toContainEqual({ code: 'semantic_violation', severity: 'failure' });
  });
});

describe('checkGetIdentity', () => {
  const get = (petId: string, bodyText: string) =>
    run(checkGetIdentity, ops.getPet, validCase('getPet', { pathParams: { petId } }), response(200, bodyText));

  it('passes the pet asked for, digit for digit beyond 2^53', () => {
    expect(get('5', '{"id":5,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(get('9223372036854775807', '{"id":9223372036854775807,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(get('-9223372036854775808', '{"id":-9223372036854775808,"name":"Rex","categoryId":1}')).toEqual([]);
  });

  it('fails another pet', () => {
    const findings = get('5', '{"id":6,"name":"Rex","categoryId":1}');
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ rule: 'identity', requested: '5', received: '6' });
    expect(verdicts(get('9223372036854775807', '{"id":1,"name":"Rex","categoryId":1}'))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
    expect(verdicts(get('5', '{"name":"Rex","categoryId":1}'))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
  });

  it('fails a 200 for an id that is not an integer: no animal has it', () => {
    for (const petId of ['abc', '1.5', '6abc']) {
      const findings = get(petId, '{"id":6,"name":"Rex","categoryId":1}');
      expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
      expect(findings[0]!.evidence).toEqual({ rule: 'identity', requested: petId, received: '6' });
    }
  });

  it('asks nothing of other statuses or non-objects', () => {
    expect(
      run(
        checkGetIdentity,
        ops.getPet,
        validCase('getPet', { pathParams: { petId: '5' } }),
        jsonResponse(404, { id: 6 }),
      ),
    ).toEqual([]);
    expect(get('5', '[{"id":6}]')).toEqual([]);
  });
});
