import { afterAll, describe, expect, it } from 'vitest';
import { type TestMock, startTestMock, tempSpecs } from './_test-support.js';

const specs = tempSpecs();
afterAll(() => specs.remove());

/** A small spec with one collection; `errors` is the YAML of the error responses every operation documents. */
function specFile(name: string, errors: string, components = ''): string {
  return specs.write(
    `${name}.yaml`,
    `openapi: 3.0.3
info: {title: ${name}, version: '1'}
paths:
  /widgets:
    get:
      operationId: listWidgets
      parameters:
        - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 50}}
      responses:
        '200':
          description: ok
          content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Widget'}}}}
${errors}
    post:
      operationId: createWidget
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: '#/components/schemas/Widget'}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Widget'}}}}
${errors}
  /widgets/{widgetId}:
    get:
      operationId: getWidget
      parameters: [{name: widgetId, in: path, required: true, schema: {type: integer}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Widget'}}}}
${errors}
components:
  schemas:
    Widget:
      type: object
      required: [name]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string}
      example: {id: 1, name: first}
${components}`,
  );
}

const OAUTH_ERRORS = `        '400': {$ref: '#/components/responses/Oops'}
        '404': {$ref: '#/components/responses/Oops'}`;
const OAUTH_COMPONENTS = `    Oops:
      type: object
      required: [error, error_description]
      properties:
        error: {type: string}
        error_description: {type: string}
  responses:
    Oops:
      description: an error
      content: {application/json: {schema: {$ref: '#/components/schemas/Oops'}}}`;

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: Record<string, unknown>;
}

async function send(t: TestMock, method: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${t.base}${path}`, { method, ...init });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

const json = { 'Content-Type': 'application/json' };

describe('errors in the spec own shape', () => {
  it('statuses the spec does not document (404 route, 405, 413, 415, 400) take the shape its errors share', async () => {
    const t = await startTestMock({ spec: specFile('oauth', OAUTH_ERRORS, OAUTH_COMPONENTS), bodyLimit: 100 });
    try {
      const answers = [
        [await send(t, 'GET', '/nowhere'), 404, 'not_found'],
        [await send(t, 'DELETE', '/widgets'), 405, 'method_not_allowed'],
        [
          await send(t, 'POST', '/widgets', { headers: { 'Content-Type': 'text/plain' }, body: 'x' }),
          415,
          'unsupported_media_type',
        ],
        [
          await send(t, 'POST', '/widgets', { headers: json, body: JSON.stringify({ name: 'x'.repeat(200) }) }),
          413,
          'payload_too_large',
        ],
        [await send(t, 'GET', '/widgets?limit=0'), 400, 'invalid_parameter'],
        [await send(t, 'GET', '/__mock/nothing'), 404, 'not_found'],
      ] as const;
      for (const [answer, status, code] of answers) {
        expect(answer.status).toBe(status);
        expect(Object.keys(answer.body).sort()).toEqual(['error', 'error_description']);
        expect(answer.body.error).toBe(code);
        expect(answer.body.error_description).toMatch(/\w/);
      }
    } finally {
      await t.close();
    }
  });

  it('a forced Prefer: code=404 adds no status member the error schema lacks', async () => {
    const t = await startTestMock({ spec: specFile('oauth-prefer', OAUTH_ERRORS, OAUTH_COMPONENTS) });
    try {
      const forced = await send(t, 'GET', '/widgets/1', { headers: { Prefer: 'code=404' } });
      expect(forced.status).toBe(404);
      expect(Object.keys(forced.body).sort()).toEqual(['error', 'error_description']);
    } finally {
      await t.close();
    }
  });

  it('431 for oversized headers, written on the raw socket, takes the shape too', async () => {
    const t = await startTestMock({ spec: specFile('oauth-431', OAUTH_ERRORS, OAUTH_COMPONENTS) });
    try {
      const refused = await send(t, 'GET', '/widgets', { headers: { 'X-Big': 'x'.repeat(20_000) } });
      expect(refused.status).toBe(431);
      expect(refused.body).toEqual({ error: 'invalid_header', error_description: 'Request headers are too large.' });
    } finally {
      await t.close();
    }
  });

  it('a spec whose errors are only default responses: the default one gives the shape', async () => {
    const errors = `        default:
          description: any error
          content:
            application/json:
              schema:
                type: object
                required: [fault]
                properties:
                  fault:
                    type: object
                    required: [faultstring, detail]
                    properties: {faultstring: {type: string}, detail: {type: object, properties: {errorcode: {type: string}}}}`;
    const t = await startTestMock({ spec: specFile('apigee', errors) });
    try {
      const missing = await send(t, 'GET', '/nowhere');
      expect(missing.status).toBe(404);
      expect(Object.keys(missing.body)).toEqual(['fault']);
      expect((missing.body.fault as Record<string, unknown>).faultstring).toBe('No route matches /nowhere.');
    } finally {
      await t.close();
    }
  });

  it('a spec documenting no error body answers RFC 9457 problems', async () => {
    const t = await startTestMock({ spec: specFile('bare', "        '404': {description: not found}") });
    try {
      for (const [answer, status] of [
        [await send(t, 'GET', '/nowhere'), 404],
        [await send(t, 'GET', '/widgets/12345'), 404],
        [await send(t, 'PATCH', '/widgets'), 405],
      ] as const) {
        expect(answer.status).toBe(status);
        expect(answer.contentType).toBe('application/problem+json; charset=utf-8');
        expect(answer.body).toMatchObject({ type: 'about:blank', status, title: expect.any(String) });
        expect(answer.body.detail).toMatch(/\w/);
      }
    } finally {
      await t.close();
    }
  });

  it('POST /__mock/reset counts the items of each collection in use (after the reset), for any API', async () => {
    const t = await startTestMock({ spec: specFile('reset', OAUTH_ERRORS, OAUTH_COMPONENTS) });
    try {
      await send(t, 'POST', '/widgets', { headers: json, body: '{"name":"second"}' });
      const reset = await send(t, 'POST', '/__mock/reset');
      // The Widget schema's own example seeds one item, restored by the reset.
      expect(reset.body).toEqual({ reset: true, collections: { '/widgets': 1 } });
    } finally {
      await t.close();
    }
  });

  it('a shape that lists faults (RFC 9457 errors[], FastAPI detail[]) gets one entry per fault', async () => {
    const problemErrors = `        '400': {$ref: '#/components/responses/Problem'}
        '404': {$ref: '#/components/responses/Problem'}`;
    const problem = `    Problem:
      type: object
      required: [type, title, status]
      properties:
        type: {type: string, format: uri-reference}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        instance: {type: string, format: uri-reference}
        errors:
          type: array
          items:
            type: object
            required: [pointer, message]
            properties: {pointer: {type: string}, message: {type: string}}
  responses:
    Problem:
      description: a problem
      content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}`;
    const fastApiErrors = `        '422':
          description: Validation Error
          content:
            application/json:
              schema:
                type: object
                properties:
                  detail:
                    type: array
                    items:
                      type: object
                      required: [loc, msg, type]
                      properties:
                        loc: {type: array, items: {anyOf: [{type: string}, {type: integer}]}}
                        msg: {type: string}
                        type: {type: string}`;
    const rfc = await startTestMock({ spec: specFile('problem-list', problemErrors, problem) });
    const fastApi = await startTestMock({ spec: specFile('fastapi-list', fastApiErrors) });
    try {
      const body = await send(rfc, 'POST', '/widgets', { headers: json, body: '{"name": 5, "extra": true}' });
      expect(body.status).toBe(400);
      expect(body.body.errors).toEqual([{ pointer: '#/name', message: 'must be string' }]);
      const missing = await send(rfc, 'POST', '/widgets', { headers: json, body: '{}' });
      expect(missing.body.errors).toEqual([{ pointer: '#/name', message: 'is required' }]);
      const query = await send(rfc, 'GET', '/widgets?limit=0');
      expect(query.body.errors).toEqual([{ pointer: 'limit', message: 'must be >= 1' }]);
      // Errors without faults to list (a route the spec lacks) carry no made-up entries.
      const nowhere = await send(rfc, 'GET', '/nowhere');
      expect(nowhere.body.errors).toBeUndefined();

      const refused = await send(fastApi, 'POST', '/widgets', { headers: json, body: '{}' });
      expect(refused.body).toEqual({ detail: [{ loc: ['body', 'name'], msg: 'is required', type: 'required' }] });
    } finally {
      await rfc.close();
      await fastApi.close();
    }
  });

  it('a forced error without a documented example speaks in the spec shape with real words', async () => {
    const errors = `        '401':
          description: No valid bearer token.
          content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}
        '404':
          description: No such widget
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: {title: Widget gone, status: 404, detail: The widget was sold}`;
    const problem = `    Problem:
      type: object
      required: [title, status]
      properties:
        type: {type: string, format: uri-reference}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        instance: {type: string, format: uri-reference}`;
    const t = await startTestMock({ spec: specFile('forced', errors, problem) });
    try {
      const forced = await send(t, 'GET', '/widgets', { headers: { Prefer: 'code=401' } });
      expect(forced.status).toBe(401);
      expect(forced.contentType).toBe('application/problem+json; charset=utf-8');
      expect(forced.body).toEqual({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'No valid bearer token (forced by Prefer: code=401)',
      });
      // A documented example is the spec's own words: answered as written.
      const example = await send(t, 'GET', '/widgets/1', { headers: { Prefer: 'code=404' } });
      expect(example.body).toMatchObject({ title: 'Widget gone', status: 404 });
      expect(example.body.detail).toMatch(/^The widget was sold/);
    } finally {
      await t.close();
    }
  });
});
