import { beforeAll, describe, expect, it } from 'vitest';
import { specFromDocument, type OperationModel } from '../../spec/index.js';
import { checkServerError } from './server-error.js';
import { checkSchema } from './schema.js';
import {
  authCase,
  errorBody,
  exchange,
  failedExchange,
  invalidCase,
  loadOperations,
  probeCase,
  response,
  validCase,
  verdicts,
} from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';
import { signatureOf } from '../engine/collector.js';
import { basisOf } from '../findings/basis.js';

// createPet documents no 5xx.
let operation: OperationModel;
beforeAll(async () => {
  operation = (await loadOperations()).createPet;
});

describe('checkServerError', () => {
  it.each([500, 501, 502, 503, 504, 599])('fails %i, for every kind of case', (status) => {
    for (const c of [
      validCase('createPet'),
      invalidCase('createPet'),
      authCase('createPet', 'none'),
      probeCase('createPet'),
    ]) {
      const findings = checkServerError({ exchange: exchange(c, response(status, errorBody(status))), operation });
      expect(verdicts(findings)).toEqual([{ code: 'server_error', severity: 'failure' }]);
      expect(describeFinding(findings[0]!)).toContain(String(status));
      expect(findings[0]!.response?.status).toBe(status);
    }
  });

  it('keeps a crash on a valid request apart from one on an invalid request of the same operation', () => {
    const [onValid, onInvalid] = [validCase('createPet'), invalidCase('createPet')].map(
      (c) => checkServerError({ exchange: exchange(c, response(500, errorBody(500))), operation })[0]!,
    );
    expect(signatureOf(onValid!)).not.toBe(signatureOf(onInvalid!));
    const onAuth = checkServerError({
      exchange: exchange(authCase('createPet', 'none'), response(500, errorBody(500))),
      operation,
    })[0]!;
    expect(signatureOf(onAuth)).not.toBe(signatureOf(onValid!));
    expect(describeFinding(onValid!)).toContain('to a valid request');
    expect(describeFinding(onInvalid!)).toContain('to an invalid request (body: type)');
  });

  it('keeps a crash on the state a sequence built apart from one on a request alone (held-out set 105)', () => {
    const crash = (family: string) =>
      checkServerError({
        exchange: exchange({ ...validCase('createPet'), family }, response(500, errorBody(500))),
        operation,
      })[0]!;
    expect(signatureOf(crash('semantics.taken-values'))).not.toBe(signatureOf(crash('valid')));
    expect(signatureOf(crash('semantics.taken-values'))).not.toBe(signatureOf(crash('semantics.lifecycle')));
    // Sweeps of single requests stay one cause with the valid property's.
    expect(signatureOf(crash('raw-input'))).toBe(signatureOf(crash('valid')));
  });

  it('keeps a crash at an edge of valid input apart from one on ordinary input (held-out set 109)', () => {
    const crash = (c: ReturnType<typeof validCase>) =>
      checkServerError({ exchange: exchange(c, response(500, errorBody(500))), operation })[0]!;
    const ordinary = crash(validCase('createPet'));
    const pastInt64 = crash({
      ...validCase('createPet'),
      edge: { gap: 'integer-precision', description: 'path.id 9223372036854775808 is beyond 2^53−1' },
    });
    expect(pastInt64.evidence).toMatchObject({ input: 'valid', edge: 'integer-precision' });
    expect(signatureOf(pastInt64)).not.toBe(signatureOf(ordinary));
    expect(describeFinding(pastInt64)).toContain('to a valid request at an edge of valid input (integer-precision)');
  });

  it('keeps a crash on one kind of invalid input apart from one on another (held-out set 37)', () => {
    const crash = (c: ReturnType<typeof invalidCase>) =>
      checkServerError({ exchange: exchange(c, response(500, errorBody(500))), operation })[0]!;
    // A member of another type, and a body sent as text/plain: two causes, both shown.
    const objectMember = crash(invalidCase('createPet', { pointer: '/name', keyword: 'type' }));
    const notJson = crash(invalidCase('createPet', { layer: 'syntax', keyword: 'content-type', pointer: '' }));
    expect(signatureOf(objectMember)).not.toBe(signatureOf(notJson));
    expect(describeFinding(notJson)).toContain('(body: content-type)');
    // The same kind of fault on another member is the same cause.
    const otherMember = crash(invalidCase('createPet', { pointer: '/status', keyword: 'type' }));
    expect(signatureOf(otherMember)).toBe(signatureOf(objectMember));
  });

  it.each([200, 201, 301, 400, 404, 499])('says nothing about %i', (status) => {
    expect(checkServerError({ exchange: exchange(validCase('createPet'), response(status)), operation })).toEqual([]);
  });

  it('says nothing when no response came back', () => {
    expect(
      checkServerError({ exchange: failedExchange(validCase('createPet'), 'timeout', 'too slow'), operation }),
    ).toEqual([]);
  });

  it('notes a 5xx to a request outside the operation: another path shape, or a method the path lacks', () => {
    const outside = [
      probeCase('createPet', { method: 'TRACE' }),
      probeCase('createPet', { literalPath: { path: '//pets', description: 'a doubled slash' } }),
    ];
    for (const c of outside) {
      const findings = checkServerError({ exchange: exchange(c, response(500, errorBody(500))), operation });
      expect(verdicts(findings)).toEqual([{ code: 'server_error', severity: 'advisory' }]);
      expect(describeFinding(findings[0]!)).toContain('outside the operation');
    }
  });

  it('judges HEAD of a GET path (RFC 9110 §9.1) by the statuses of the GET, and notes a documented 500', async () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/x': {
          get: {
            operationId: 'getX',
            responses: {
              '200': { description: 'ok' },
              '500': {
                description: 'oops',
                content: { 'application/json': { schema: { type: 'object', required: ['message'] } } },
              },
            },
          },
        },
      },
    });
    const getX = spec.operation('getX')!;
    const head = (status: number) =>
      verdicts(
        checkServerError({
          exchange: exchange(probeCase('getX', { method: 'HEAD' }), response(status, '')),
          operation: getX,
        }),
      );
    // 500 is documented: HEAD has no body to show which 500, and GET's shows it (held-out set 51).
    expect(head(500)).toEqual([{ code: 'server_error', severity: 'advisory' }]);
    expect(head(502)).toEqual([{ code: 'server_error', severity: 'failure' }]);
    const fits = response(500, JSON.stringify({ message: 'bad' }));
    expect(verdicts(checkServerError({ exchange: exchange(invalidCase('getX'), fits), operation: getX }))).toEqual([
      { code: 'server_error', severity: 'advisory' },
    ]);
    // Valid input too ("random, ~25% of calls"); a body the documented schema refuses fails the
    // schema check, on the spec's pointer, not as an undocumented crash (held-out set 36).
    expect(verdicts(checkServerError({ exchange: exchange(validCase('getX'), fits), operation: getX }))).toEqual([
      { code: 'server_error', severity: 'advisory' },
    ]);
    const stray = response(500, JSON.stringify(['bad']));
    expect(verdicts(checkServerError({ exchange: exchange(invalidCase('getX'), stray), operation: getX }))).toEqual([]);
    expect(verdicts(checkSchema({ exchange: exchange(invalidCase('getX'), stray), operation: getX }))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
    // `default` documents a 500 as well.
    const byDefault = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/y': {
          get: {
            operationId: 'getY',
            responses: {
              '200': { description: 'ok' },
              default: {
                description: 'internal error, random, ~25% of calls',
                content: { 'application/json': { schema: { type: 'object' } } },
              },
            },
          },
        },
      },
    }).operation('getY')!;
    expect(
      verdicts(checkServerError({ exchange: exchange(validCase('getY'), response(500, '{}')), operation: byDefault })),
    ).toEqual([{ code: 'server_error', severity: 'advisory' }]);
  });

  it('fails a documented 5xx whose words name only a fault (held-out sets 142, 145)', () => {
    const documenting = (description: string) =>
      specFromDocument({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/register': {
            post: {
              operationId: 'register',
              requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['email'] } } } },
              responses: {
                '201': { description: 'made' },
                '400': { description: 'User already exists' },
                '500': { description },
              },
            },
          },
        },
      }).operation('register')!;
    const crash = response(500, '<h1>Internal Server Error</h1>');
    const judged = (c: ReturnType<typeof validCase>, description: string) =>
      checkServerError({ exchange: exchange(c, crash), operation: documenting(description) });
    // In the authors' languages too (set 158: "Erro interno do servidor").
    for (const words of [
      'Server error',
      'Internal Server Error.',
      '',
      'Erro interno do servidor',
      'Error interno del servidor',
      'Interner Serverfehler',
      '服务器内部错误',
    ]) {
      const findings = judged(invalidCase('register'), words);
      expect(verdicts(findings)).toEqual([{ code: 'server_error', severity: 'failure' }]);
      expect(basisOf(findings[0]!, documenting(words))).toMatchObject({
        kind: 'spec',
        pointer: '/paths/~1register/post/responses/500',
      });
    }
    expect(describeFinding(judged(invalidCase('register'), 'Server error')[0]!)).toContain(
      'documents 500 only as "Server error", a fault of the server',
    );
    // Malformed raw input and valid input too (set 145: a task created with the documented body);
    // words naming a condition ("the mailer is down") document it as an answer.
    for (const c of [probeCase('register', { family: 'raw-input' }), validCase('register')])
      expect(verdicts(judged(c, 'Something went wrong.'))).toEqual([{ code: 'server_error', severity: 'failure' }]);
    for (const condition of ['the mailer is down', 'Error de validación', 'Usuário já existe'])
      expect(verdicts(judged(invalidCase('register'), condition))).toEqual([
        { code: 'server_error', severity: 'advisory' },
      ]);
    // Or the work that failed, on the path's own resources (set 155: "Error encountered creating ride"
    // on `/rides`); a condition named beside it, or words of a refusal, still document an answer.
    for (const words of [
      'Error encountered while processing the request',
      'Failed to register.',
      'Unable to process the request',
    ])
      expect(verdicts(judged(validCase('register'), words))).toEqual([{ code: 'server_error', severity: 'failure' }]);
    for (const words of ['Error: the user already exists', 'Bad Request', 'Failed to register: mailer down'])
      expect(verdicts(judged(validCase('register'), words))).toEqual([{ code: 'server_error', severity: 'advisory' }]);
  });
});
