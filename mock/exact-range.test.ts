import { describe, expect, it } from 'vitest';
import { exactIntegerIssue } from '../spec/exact-integers.js';
import { mockOnSpec, tempSpecs } from './_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'ranges.yaml',
  `openapi: 3.0.3
info: {title: Ranges, version: '1'}
paths:
  /accounts/{accountId}:
    get:
      operationId: getAccount
      parameters:
        - {name: accountId, in: path, required: true, schema: {type: integer, format: int64}}
        - {name: since, in: query, schema: {type: integer, minimum: 0, maximum: 9007199254740992}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
        '400': {description: bad, content: {application/json: {schema: {$ref: '#/components/schemas/Err'}}}}
        '404': {description: none, content: {application/json: {schema: {$ref: '#/components/schemas/Err'}}}}
  /accounts:
    post:
      operationId: createAccount
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
        '422': {description: bad, content: {application/json: {schema: {$ref: '#/components/schemas/Err'}}}}
components:
  schemas:
    Err:
      type: object
      required: [detail]
      properties: {detail: {type: string}}
    Account:
      type: object
      required: [name]
      properties:
        id: {type: integer, format: int64, readOnly: true}
        name: {type: string}
        limits:
          type: array
          items: {type: integer, format: int64}
        balance: {allOf: [{type: integer}, {maximum: 9223372036854775807}]}
`,
);

const t = mockOnSpec(SPEC, specs.remove);

async function send(method: string, path: string, body?: string) {
  const res = await fetch(`${t.base}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body }),
  });
  return { status: res.status, body: (await res.json()) as { detail?: string } };
}

describe('values outside the declared range are refused, judged on their digits', () => {
  it('an int64 path parameter one past the largest int64 is a 400 in the spec shape; the largest is not', async () => {
    const over = await send('GET', '/accounts/9223372036854775808');
    expect(over.status).toBe(400);
    expect(over.body.detail).toMatch(/accountId.*int64/);
    expect((await send('GET', '/accounts/-9223372036854775809')).status).toBe(400);
    expect((await send('GET', '/accounts/9223372036854775807')).status).not.toBe(400);
    expect((await send('GET', '/accounts/-9223372036854775808')).status).not.toBe(400);
  });

  it('a query parameter past a maximum a double cannot hold is refused', async () => {
    expect((await send('GET', '/accounts/1?since=9007199254740993')).status).toBe(400);
    expect((await send('GET', '/accounts/1?since=9007199254740992')).status).not.toBe(400);
  });

  it('body members beyond int64 (nested, in arrays, through allOf) get the documented 422', async () => {
    for (const body of [
      '{"name":"a","limits":[1,9223372036854775808]}',
      '{"name":"a","balance":9223372036854775808}',
      '{"name":"a","limits":[-9223372036854775809]}',
    ]) {
      const refused = await send('POST', '/accounts', body);
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toMatch(/request body: \/(limits\/\d|balance) must/);
    }
    expect((await send('POST', '/accounts', '{"name":"a","limits":[9223372036854775807]}')).status).toBe(201);
  });

  it('exactIntegerIssue leaves numbers a double holds to the validator', () => {
    expect(exactIntegerIssue({ type: 'integer', format: 'int64' }, '12')).toBeUndefined();
    expect(exactIntegerIssue({ type: 'integer', maximum: 2 ** 63 }, '9223372036854775807')).toBeUndefined();
    expect(exactIntegerIssue({ type: 'integer', maximum: 2 ** 63 }, '9223372036854775808')?.keyword).toBe('maximum');
    expect(exactIntegerIssue({ type: 'integer', exclusiveMinimum: -(2 ** 60) }, '-1152921504606846976')?.keyword).toBe(
      'exclusiveMinimum',
    );
  });
});
