import { beforeAll, describe, expect, it } from 'vitest';
import type { Case, Exchange, ReceivedResponse } from '../cases/index.js';
import { checkAllowHeader } from './allow-header.js';
import { canonical, judgeConditional, judgeNotModified } from './conditional.js';
import { uniformErrorSchema } from './error-schema.js';
import { checkHead } from './head.js';
import { judgeLocation } from './location.js';
import { judgeMemberOrder, judgeStoredWhole } from './stored-whole.js';
import { checkUnauthenticatedProbe } from './unauthenticated-probe.js';
import {
  authCase,
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

const sent = (
  c: Case,
  r: ReceivedResponse,
  method = c.method ?? 'GET',
  extra: Record<string, string> = {},
  body?: string,
): Exchange => ({
  case: c,
  request: { ...REQUEST, method, headers: { ...REQUEST.headers, ...extra }, ...(body !== undefined ? { body } : {}) },
  response: r,
});

describe('checkAllowHeader', () => {
  it('fails a 405 without Allow (RFC 9110 §15.5.6 MUST), passes one with it', () => {
    const findings = run(
      checkAllowHeader,
      ops.listPets,
      probeCase('listPets', { method: 'DELETE' }),
      response(405, errorBody(405)),
    );
    expect(verdicts(findings)).toEqual([{ code: 'allow_missing', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('RFC 9110 §15.5.6');
    expect(
      run(
        checkAllowHeader,
        ops.listPets,
        probeCase('listPets', { method: 'DELETE' }),
        response(405, errorBody(405), { allow: 'GET, HEAD, POST' }),
      ),
    ).toEqual([]);
  });

  it('asks nothing of other statuses', () => {
    for (const status of [200, 404, 501])
      expect(run(checkAllowHeader, ops.listPets, probeCase('listPets'), response(status, errorBody(status)))).toEqual(
        [],
      );
  });
});

describe('checkHead', () => {
  it('fails content after the header block of a HEAD answer, whatever the status', () => {
    for (const status of [200, 401]) {
      const findings = checkHead({
        exchange: sent(probeCase('listPets', { method: 'HEAD' }), jsonResponse(status, [pet(1)])),
        operation: ops.listPets,
      });
      expect(verdicts(findings)).toEqual([{ code: 'head_content', severity: 'failure' }]);
    }
  });

  it('passes a HEAD answer without content, and asks nothing of GET', () => {
    expect(
      checkHead({
        exchange: sent(
          probeCase('listPets', { method: 'HEAD' }),
          response(200, '', { 'content-type': 'application/json', 'content-length': '300' }),
        ),
        operation: ops.listPets,
      }),
    ).toEqual([]);
    expect(
      checkHead({ exchange: sent(validCase('listPets'), jsonResponse(200, [pet(1)])), operation: ops.listPets }),
    ).toEqual([]);
  });
});

describe('checkUnauthenticatedProbe', () => {
  const variant = (path: string) =>
    probeCase('listPets', { auth: 'none', literalPath: { path, description: 'a trailing slash' } });
  const judge = (c: Case, r: ReceivedResponse, method?: string) =>
    checkUnauthenticatedProbe({
      exchange: sent(c, r, method),
      operation: c.operationId === 'getPet' ? ops.getPet : ops.listPets,
    });

  it('fails a path variant answered with data without a credential, naming the variant and the scheme', () => {
    const findings = judge(variant('/pets/'), jsonResponse(200, [pet(1)]));
    expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('GET /pets/, a trailing slash of GET /pets');
    expect(describeFinding(findings[0]!)).toContain('bearerAuth');
  });

  it("passes a path variant answered 200 with a site's HTML page, a media type the route never answers", () => {
    // Kutt (held-out set 62): `/api/v2/./links` reaches the site's catch-all page, status 200.
    const page = response(200, '<header><h1>404</h1></header>', { 'content-type': 'text/html; charset=utf-8' });
    expect(judge(variant('/./pets'), page)).toEqual([]);
    // The route's own media type without a credential still fails.
    expect(verdicts(judge(variant('/./pets'), jsonResponse(200, [pet(1)])))).toEqual([
      { code: 'auth_ignored', severity: 'failure' },
    ]);
  });

  it.each([401, 404, 400, 405, 301, 308, 501])('passes a path variant answered %i without a credential', (status) => {
    expect(judge(variant('/pets/'), response(status, status >= 400 ? errorBody(status) : ''))).toEqual([]);
  });

  it('passes a 2xx with a valid credential (the variant is routed behind auth)', () => {
    expect(
      judge(
        probeCase('listPets', { literalPath: { path: '/pets/', description: 'a trailing slash' } }),
        jsonResponse(200, [pet(1)]),
      ),
    ).toEqual([]);
  });

  it.each(['HEAD', 'PUT', 'PATCH', 'DELETE', 'POST'])('fails %s answered 2xx without a credential', (method) => {
    const findings = judge(
      probeCase('getPet', { auth: 'none', method }),
      response(method === 'DELETE' ? 204 : 200, ''),
      method,
    );
    expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'failure' }]);
  });

  it('allows OPTIONS without a credential as long as it carries no data (a CORS preflight, an Allow list)', () => {
    const options = probeCase('listPets', { auth: 'none', method: 'OPTIONS' });
    expect(judge(options, response(204, '', { allow: 'GET, POST' }), 'OPTIONS')).toEqual([]);
    expect(judge(options, response(200, 'GET,HEAD,POST', { 'content-type': 'text/plain' }), 'OPTIONS')).toEqual([]);
    expect(verdicts(judge(options, jsonResponse(200, [pet(1)]), 'OPTIONS'))).toEqual([
      { code: 'auth_ignored', severity: 'failure' },
    ]);
  });

  it('fails TRACE answered with content without a valid credential, and says when it echoes Authorization', () => {
    const trace = probeCase('listPets', { auth: 'unknown-key', method: 'TRACE' });
    const echoed = judge(
      trace,
      response(200, 'TRACE /v1/pets HTTP/1.1\r\nauthorization: Bearer not-a-valid-key\r\n\r\n', {
        'content-type': 'message/http',
      }),
      'TRACE',
    );
    expect(verdicts(echoed)).toEqual([{ code: 'auth_ignored', severity: 'failure' }]);
    expect(describeFinding(echoed[0]!)).toContain('Authorization header included');
    expect(judge(trace, response(200, ''), 'TRACE')).toEqual([]);
  });

  it('fails a 304 to a request without a credential: the precondition was judged first', () => {
    const findings = judge(
      probeCase('listPets', { auth: 'none', headers: { 'if-none-match': '*' } }),
      response(304, ''),
    );
    expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('304');
  });

  it('asks nothing of documented requests (the status check judges them) nor of public operations', () => {
    expect(judge(authCase('listPets', 'none'), jsonResponse(200, [pet(1)]))).toEqual([]);
    const open = { ...ops.listPets, security: { access: 'public', alternatives: [], source: 'operation' } as const };
    expect(
      checkUnauthenticatedProbe({ exchange: sent(variant('/pets/'), jsonResponse(200, [pet(1)])), operation: open }),
    ).toEqual([]);
  });
});

describe('uniformErrorSchema', () => {
  it('finds the one error body of the Animal Store operations that document two errors', () => {
    for (const op of [ops.createPet, ops.getPet])
      expect(uniformErrorSchema(op)?.schema.required).toEqual(['code', 'message', 'status']);
  });

  it('finds none where one error is documented (one says nothing of the others)', () => {
    expect(uniformErrorSchema(ops.listPets)).toBeUndefined();
  });

  it('finds none where errors have two shapes or one has no body', () => {
    const other = ops.spec.compile({ type: 'object', required: ['detail'] });
    expect(
      uniformErrorSchema({
        ...ops.getPet,
        responses: { ...ops.getPet.responses, '404': { ...ops.getPet.responses['404']!, schema: other } },
      }),
    ).toBeUndefined();
    const { schema: _, ...bodiless } = ops.getPet.responses['404']!;
    expect(
      uniformErrorSchema({ ...ops.getPet, responses: { ...ops.getPet.responses, '404': bodiless } }),
    ).toBeUndefined();
  });
});

describe('judgeNotModified', () => {
  const first = () => sent(validCase('listPets'), jsonResponse(200, [pet(1)], { etag: 'W/"a"' }));
  const repeated = (status: number, pets: unknown[] = [pet(1)]) =>
    sent(
      validCase('listPets'),
      response(status, status === 304 ? '' : JSON.stringify(pets), { etag: 'W/"a"' }),
      'GET',
      { 'if-none-match': 'W/"a"' },
    );

  it('fails the whole representation served again to the tag it was just served with, where 304 is documented (the parking zoo)', () => {
    const findings = judgeNotModified(first(), repeated(200), true);
    expect(findings.map((f) => [f.code, f.severity, (f.evidence as { rule: string }).rule])).toEqual([
      ['protocol_violation', 'failure', 'not-modified-ignored'],
    ]);
    expect(describeFinding(findings[0]!)).toContain('RFC 9110 §13.1.2');
  });

  it('fails a 304 without the ETag the 200 carried (RFC 9110 §15.4.5, the fleet zoo)', () => {
    const bare = sent(validCase('listPets'), response(304, ''), 'GET', { 'if-none-match': 'W/"a"' });
    for (const documented of [true, false]) {
      const findings = judgeNotModified(first(), bare, documented);
      expect(findings.map((f) => (f.evidence as { rule: string }).rule)).toEqual(['not-modified-without-etag']);
      expect(describeFinding(findings[0]!)).toContain('§15.4.5');
    }
  });

  it('passes a 304, content that changed meanwhile, and any answer where the operation documents no 304', () => {
    expect(judgeNotModified(first(), repeated(304), true)).toEqual([]);
    expect(judgeNotModified(first(), repeated(200, [pet(1), pet(2)]), true)).toEqual([]);
    expect(judgeNotModified(first(), repeated(200), false)).toEqual([]);
  });
});

describe('judgeConditional', () => {
  const list = (pets: unknown[], etag = '"a"') => jsonResponse(200, pets, { etag });
  const round = (firstPets: unknown[], conditionalStatus: number, freshPets: unknown[]) => ({
    first: sent(validCase('listPets'), list(firstPets)),
    conditional: sent(
      validCase('listPets'),
      response(conditionalStatus, conditionalStatus === 304 ? '' : JSON.stringify(freshPets), { etag: '"a"' }),
      'GET',
      { 'if-none-match': '"a"' },
    ),
    fresh: sent(validCase('listPets'), list(freshPets)),
  });

  it('fails a 304 for a representation that changed since its ETag', () => {
    const findings = judgeConditional(round([pet(1)], 304, [pet(1), pet(2)]));
    expect(verdicts(findings)).toEqual([{ code: 'conditional_mismatch', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('RFC 9110 §13.1.2');
  });

  it('passes a 304 for an unchanged representation (in another order too), and a 200', () => {
    expect(judgeConditional(round([pet(1), pet(2)], 304, [pet(2), pet(1)]))).toEqual([]);
    expect(judgeConditional(round([pet(1)], 200, [pet(1), pet(2)]))).toEqual([]);
  });

  it('compares JSON values, not their spelling', () => {
    expect(canonical({ b: [2, 1], a: 1 })).toBe(canonical({ a: 1, b: [1, 2] }));
    expect(canonical([{ id: 1 }])).not.toBe(canonical([{ id: 2 }]));
  });
});

describe('judgeLocation', () => {
  const created = sent(validCase('createPet'), jsonResponse(201, pet(7), { location: '/v1/pets/7' }), 'POST');
  const followed = (r: ReceivedResponse) => sent(validCase('getPet'), r);

  it('passes a Location whose GET answers the created resource', () => {
    expect(judgeLocation(created, followed(jsonResponse(200, pet(7))))).toEqual([]);
  });

  it('fails a Location that names another resource', () => {
    const findings = judgeLocation(created, followed(jsonResponse(200, pet(6))));
    expect(verdicts(findings)).toEqual([{ code: 'location_mismatch', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('id 6 instead of 7');
  });

  it('passes a member the server keeps up that moved between the 201 and the GET (the fleet zoo)', () => {
    const made = sent(
      validCase('createPet', { body: { kind: 'json', value: { name: 'Rex' } } }),
      jsonResponse(201, { id: 7, name: 'Rex', openOrders: 0, updatedAt: 'a' }, { location: '/v1/pets/7' }),
      'POST',
    );
    const moved = { id: 7, name: 'Rex', openOrders: 6, updatedAt: 'b' };
    expect(judgeLocation(made, followed(jsonResponse(200, moved)))).toEqual([]);
    // What the creation sent still identifies it: another name is another resource.
    expect(verdicts(judgeLocation(made, followed(jsonResponse(200, { ...moved, name: 'Max' }))))).toEqual([
      { code: 'location_mismatch', severity: 'failure' },
    ]);
  });

  it('fails a Location that answers no resource, or a list', () => {
    expect(verdicts(judgeLocation(created, followed(response(404, errorBody(404)))))).toEqual([
      { code: 'location_mismatch', severity: 'failure' },
    ]);
    expect(verdicts(judgeLocation(created, followed(jsonResponse(200, [pet(7)]))))).toEqual([
      { code: 'location_mismatch', severity: 'failure' },
    ]);
  });

  it('where the spec documents no GET for the Location: only another resource fails (held-out set 24)', () => {
    // fastify-users-500: POST /users answers 201 with Location /users/1; the document has PUT and DELETE
    // on /users/{id} but no GET, and Fastify answers an unrouted GET with 404.
    expect(judgeLocation(created, followed(response(404, errorBody(404))), false)).toEqual([]);
    expect(judgeLocation(created, followed(jsonResponse(200, [pet(7)])), false)).toEqual([]);
    expect(verdicts(judgeLocation(created, followed(jsonResponse(200, pet(6))), false))).toEqual([
      { code: 'location_mismatch', severity: 'failure' },
    ]);
  });

  it('asks nothing without a Location', () => {
    expect(
      judgeLocation(
        sent(validCase('createPet'), jsonResponse(201, pet(7)), 'POST'),
        followed(response(404, errorBody(404))),
      ),
    ).toEqual([]);
  });
});

describe('judgeStoredWhole and judgeMemberOrder', () => {
  const name = 'k'.repeat(30_000);
  const created = sent(
    validCase('createPet'),
    jsonResponse(201, pet(9, { name })),
    'POST',
    {},
    JSON.stringify({ name, categoryId: 1 }),
  );

  it('fails a grown member read back shorter than sent', () => {
    const findings = judgeStoredWhole(
      created,
      sent(validCase('getPet'), jsonResponse(200, pet(9, { name: name.slice(0, 8192) }))),
      { name },
    );
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('8192 characters, a prefix of it');
  });

  it('passes a member read back whole, and asks nothing when the body was refused', () => {
    expect(judgeStoredWhole(created, sent(validCase('getPet'), jsonResponse(200, pet(9, { name }))), { name })).toEqual(
      [],
    );
    expect(
      judgeStoredWhole(
        sent(validCase('createPet'), response(413, errorBody(413)), 'POST'),
        sent(validCase('getPet'), jsonResponse(200, pet(9))),
        { name },
      ),
    ).toEqual([]);
  });

  it('expects back no member the read schema does not describe (the create takes it, the item does not show it)', () => {
    const note = 'k'.repeat(30_000);
    const read = sent(validCase('getPet'), jsonResponse(200, pet(9)));
    const item = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    expect(judgeStoredWhole(created, read, { note }, item)).toEqual([]);
    // Without the schema, or for a member it describes, a member missing from the read is still a failure.
    expect(verdicts(judgeStoredWhole(created, read, { note }))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
    expect(verdicts(judgeStoredWhole(created, read, { name: note }, item))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
  });

  it('fails a refusal of a value accepted in another member order, not a refusal of both', () => {
    const refused = sent(validCase('createPet'), response(400, errorBody(400)), 'POST', {}, '{}');
    expect(verdicts(judgeMemberOrder(refused, created))).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
    expect(judgeMemberOrder(refused, sent(validCase('createPet'), response(400, errorBody(400)), 'POST'))).toEqual([]);
  });
});
