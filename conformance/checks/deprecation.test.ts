import { beforeAll, describe, expect, it } from 'vitest';
import { checkDeprecation } from './deprecation.js';
import {
  errorBody,
  jsonResponse,
  loadOperations,
  pet,
  response,
  run,
  validCase,
  verdicts,
  type Operations,
} from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const get = (headers: Record<string, string>) =>
  run(
    checkDeprecation,
    ops.getPet,
    validCase('getPet', { pathParams: { petId: '1' } }),
    jsonResponse(200, pet(1), headers),
  );

describe('checkDeprecation', () => {
  it('reads the removal date from the spec', () => {
    expect(ops.getPet.deprecation?.sunset).toBe('2030-12-05');
  });

  it.each(['Thu, 05 Dec 2030 00:00:00 GMT', 'Thu, 05 Dec 2030 23:59:59 GMT'])(
    'passes Deprecation with Sunset %s',
    (sunset) => {
      expect(get({ deprecation: '@1700000000', sunset })).toEqual([]);
    },
  );

  it('notes missing headers, naming each, as advisory only', () => {
    const none = get({});
    expect(verdicts(none)).toEqual([{ code: 'deprecation_headers', severity: 'advisory' }]);
    expect(describeFinding(none[0]!)).toContain('Deprecation or Sunset');
    expect(describeFinding(none[0]!)).toContain('2030-12-05');
    const noSunset = get({ deprecation: 'true' });
    expect(describeFinding(noSunset[0]!)).toMatch(/no Sunset header/);
    const noDeprecation = get({ sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' });
    expect(describeFinding(noDeprecation[0]!)).toMatch(/no Deprecation header/);
  });

  it.each([
    'Fri, 06 Dec 2030 00:00:00 GMT',
    'Wed, 04 Dec 2030 23:59:59 GMT',
    'Thu, 05 Dec 2029 00:00:00 GMT',
    'Sun, 05 Jan 2031 00:00:00 GMT',
  ])('fails a Sunset of another day than x-sunset: %s', (sunset) => {
    const findings = get({ deprecation: 'true', sunset });
    expect(verdicts(findings)).toEqual([{ code: 'deprecation_headers', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toBe(
      `Sunset says ${sunset}; the spec's removal date (x-sunset: 2030-12-05) is Thu, 05 Dec 2030 00:00:00 GMT.`,
    );
  });

  it.each(['soon', '2030-13-45', '2030-12-05', '2030-12-05T00:00:00Z', 'Thu, 5 Dec 2030 00:00:00 GMT', ''])(
    'fails a Sunset that is not an HTTP-date (RFC 8594 §3): %j',
    (sunset) => {
      const findings = get({ deprecation: 'true', sunset });
      expect(verdicts(findings).filter((f) => f.severity === 'failure')).toEqual([
        { code: 'deprecation_headers', severity: 'failure' },
      ]);
      expect(describeFinding(findings.find((f) => f.severity === 'failure')!)).toContain('not an HTTP-date');
    },
  );

  it.each(['Thursday, 05-Dec-30 00:00:00 GMT', 'Thu Dec  5 00:00:00 2030'])(
    'takes the obsolete HTTP-date forms a recipient must accept: %s',
    (sunset) => {
      expect(get({ deprecation: 'true', sunset })).toEqual([]);
    },
  );

  it('warns (contract gap) of Deprecation on an operation the spec does not mark deprecated', () => {
    const findings = run(
      checkDeprecation,
      ops.listPets,
      validCase('listPets'),
      jsonResponse(200, [], { deprecation: '@1735689600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }),
    );
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'deprecation-signals' }]);
    expect(describeFinding(findings[0]!)).toContain('does not mark it deprecated');
  });

  it('asks nothing of operations that are not deprecated and say nothing, nor of non-2xx answers', () => {
    expect(run(checkDeprecation, ops.listPets, validCase('listPets'), jsonResponse(200, []))).toEqual([]);
    expect(
      run(
        checkDeprecation,
        ops.listPets,
        validCase('listPets'),
        response(401, errorBody(401), { deprecation: 'true' }),
      ),
    ).toEqual([]);
    expect(run(checkDeprecation, ops.getPet, validCase('getPet'), response(404, errorBody(404)))).toEqual([]);
    expect(run(checkDeprecation, ops.getPet, validCase('getPet'), response(500, ''))).toEqual([]);
  });
});
