import { beforeAll, describe, expect, it } from 'vitest';
import { checkContentType } from './content-type.js';
import {
  errorBody,
  jsonResponse,
  loadOperations,
  pet,
  probeCase,
  REQUEST,
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

const list = (headers: Record<string, string | undefined>) =>
  run(checkContentType, ops.listPets, validCase('listPets'), response(200, '[]', headers));

describe('checkContentType', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'Application/JSON ; charset="utf-8"',
  ])('accepts %s', (type) => {
    expect(list({ 'content-type': type })).toEqual([]);
  });

  it('warns on a structured +json type: JSON, but not the type the contract names', () => {
    const findings = list({ 'content-type': 'application/problem+json' });
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'media-types' }]);
    expect(describeFinding(findings[0]!)).toContain('application/problem+json');
  });

  it.each(['text/html; charset=utf-8', 'text/plain', 'application/xml', 'application/jsonp', 'application/json-seq'])(
    'fails %s',
    (type) => {
      const findings = list({ 'content-type': type });
      expect(verdicts(findings)).toEqual([{ code: 'content_type', severity: 'failure' }]);
      expect(describeFinding(findings[0]!)).toContain(JSON.stringify(type));
    },
  );

  it('fails a body without Content-Type', () => {
    const findings = list({ 'content-type': undefined });
    expect(verdicts(findings)).toEqual([{ code: 'content_type', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('missing');
  });

  it('asks no Content-Type of an answer with no body, even where its status documents one (a 401 with nothing)', () => {
    // Content-Type describes content (RFC 9110 §8.3); a missing body is the schema check's finding.
    expect(run(checkContentType, ops.createPet, validCase('createPet'), response(401))).toEqual([]);
    expect(run(checkContentType, ops.createPet, validCase('createPet'), response(400))).toEqual([]);
    expect(
      verdicts(
        run(
          checkContentType,
          ops.createPet,
          validCase('createPet'),
          response(401, 'no', { 'content-type': undefined }),
        ),
      ),
    ).toEqual([{ code: 'content_type', severity: 'failure' }]);
  });

  it('leaves an empty answer with an undocumented status alone', () => {
    expect(run(checkContentType, ops.listPets, validCase('listPets'), response(204))).toEqual([]);
  });

  it('judges error answers too', () => {
    expect(run(checkContentType, ops.getPet, validCase('getPet'), response(404, errorBody(404)))).toEqual([]);
    expect(
      verdicts(
        run(
          checkContentType,
          ops.getPet,
          validCase('getPet'),
          response(404, 'Not Found', { 'content-type': 'text/plain' }),
        ),
      ),
    ).toEqual([{ code: 'content_type', severity: 'failure' }]);
  });

  it('judges no answer outside the operation: another method, a path variant', () => {
    const html = response(405, '<h1>405</h1>', { 'content-type': 'text/html' });
    expect(run(checkContentType, ops.getPet, probeCase('getPet', { method: 'DELETE' }), html)).toEqual([]);
    const slash = probeCase('getPet', {
      literalPath: { path: '/pets/1/', description: 'a trailing slash' },
    });
    expect(
      run(checkContentType, ops.getPet, slash, response(404, '<h1>404</h1>', { 'content-type': 'text/html' })),
    ).toEqual([]);
  });

  it('only warns on probes, under the other-endpoints gap, where the errors have several shapes or no error is answered', () => {
    const mixed = {
      ...ops.getPet,
      responses: {
        ...ops.getPet.responses,
        '404': { ...ops.getPet.responses['404']!, schema: ops.spec.compile({ type: 'object', required: ['detail'] }) },
      },
    };
    expect(
      verdicts(
        run(
          checkContentType,
          mixed,
          probeCase('getPet', { method: 'DELETE' }),
          response(405, '<h1>405</h1>', { 'content-type': 'text/html' }),
        ),
      ),
    ).toEqual([]);
    expect(
      verdicts(
        run(
          checkContentType,
          ops.listPets,
          probeCase('listPets', { method: 'PUT' }),
          response(200, '<h1>ok</h1>', { 'content-type': 'text/html' }),
        ),
      ),
    ).toEqual([]);
    expect(
      run(
        checkContentType,
        ops.listPets,
        probeCase('listPets', { method: 'PUT' }),
        response(405, '<h1>405</h1>', { 'content-type': 'text/html' }),
      ),
    ).toEqual([]);
  });

  it("fails a probe's answer on the operation's own route in a status it documents by number, outside that status's media type", () => {
    // express-zod-api: GET /v1/avatar/send?userId=1&userId=1 got its documented 400 as text/html, not text/plain.
    const mixed = {
      ...ops.getPet,
      responses: {
        ...ops.getPet.responses,
        '404': { ...ops.getPet.responses['404']!, schema: ops.spec.compile({ type: 'object', required: ['detail'] }) },
      },
    };
    const repeated = probeCase('getPet', {
      query: [
        ['x', '1'],
        ['x', '1'],
      ],
    });
    const html = response(404, '<h1>404</h1>', { 'content-type': 'text/html' });
    expect(verdicts(run(checkContentType, mixed, repeated, html))).toEqual([
      { code: 'content_type', severity: 'failure' },
    ]);
    // Another method is another route: outside the operation, not judged.
    expect(run(checkContentType, mixed, probeCase('getPet', { method: 'DELETE' }), html)).toEqual([]);
  });

  it('asks no Content-Type of a response to HEAD', () => {
    const head = {
      case: validCase('listPets', { method: 'HEAD' }),
      request: { ...REQUEST, method: 'HEAD' },
      response: response(401, '', { 'content-type': 'text/html' }),
    };
    expect(checkContentType({ exchange: head, operation: ops.listPets })).toEqual([]);
    const get = { ...head, request: REQUEST, response: response(401, '<h1>401</h1>', { 'content-type': 'text/html' }) };
    expect(verdicts(checkContentType({ exchange: get, operation: ops.listPets }))).toEqual([
      { code: 'content_type', severity: 'failure' },
    ]);
  });

  it.each([500, 503, 301, 302])('leaves %i to its own check', (status) => {
    expect(
      run(
        checkContentType,
        ops.listPets,
        validCase('listPets'),
        response(status, '<html>oops</html>', { 'content-type': 'text/html' }),
      ),
    ).toEqual([]);
  });

  it('accepts a Pet with application/json on createPet', () => {
    expect(run(checkContentType, ops.createPet, validCase('createPet'), jsonResponse(201, pet(1)))).toEqual([]);
  });
});
