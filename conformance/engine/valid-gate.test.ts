import { LosslessNumber } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, validCase, invalidCase, type Operations } from '../checks/_test-support.js';
import type { OperationModel } from '../../spec/index.js';
import { gateValid } from './valid-gate.js';

let ops: Operations;
let closed: OperationModel;
beforeAll(async () => {
  ops = await loadOperations();
  const schema = ops.spec.compile({
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: { title: { type: 'string', pattern: '^[a-z]+$', minLength: 2 }, size: { type: 'integer' } },
  });
  closed = { ...ops.createPet, requestBody: { ...ops.createPet.requestBody!, schema } };
});

const body = (value: unknown) => validCase('createPet', { body: { kind: 'json', value: value as never } });

describe('gateValid: every request the kit calls valid passes the spec’s own validators', () => {
  it('sends a valid request unchanged', () => {
    const c = body({ title: 'abc', size: 3 });
    expect(gateValid(c, closed)).toEqual({ send: c });
  });

  it('holds back a body with a member additionalProperties: false forbids, and names it', () => {
    const gated = gateValid(body({ title: 'abc', extra: 1 }), closed);
    expect(gated).toMatchObject({ fault: { member: '/body/extra' } });
    expect('fault' in gated && gated.fault.why).toContain('additionalProperties');
  });

  it('holds back a value that breaks a pattern or a minLength, attributed to that member', () => {
    expect(gateValid(body({ title: 'ABC' }), closed)).toMatchObject({ fault: { member: '/body/title' } });
    expect(gateValid(body({ title: 'a' }), closed)).toMatchObject({ fault: { member: '/body/title' } });
  });

  it('holds back a parameter its schema refuses, or a required one left out', () => {
    const limit = validCase('listPets', { query: [['limit', '1000']] });
    expect(gateValid(limit, ops.listPets)).toMatchObject({ fault: { member: 'query limit' } });
    expect(gateValid(validCase('getPet', { pathParams: {} }), ops.getPet)).toMatchObject({
      fault: { member: 'path petId', why: 'a required parameter is missing' },
    });
  });

  it('sends an integer beyond ±(2^53−1) only as the integer-precision landmark, never as an ordinary value', () => {
    for (const value of [new LosslessNumber('9007199254740992'), new LosslessNumber('-9007199254740992')]) {
      const gated = gateValid(body({ title: 'abc', size: value }), closed);
      expect(gated).toMatchObject({ send: { edge: { gap: 'integer-precision' } } });
    }
    expect(gateValid(body({ title: 'abc', size: 9007199254740991 }), closed)).toEqual({
      send: body({ title: 'abc', size: 9007199254740991 }),
    });
    const read = validCase('getPet', { pathParams: { petId: '9007199254740993' } });
    expect(gateValid(read, ops.getPet)).toMatchObject({ send: { edge: { gap: 'integer-precision' } } });
  });

  it('marks any number beyond ±(2^53−1) as the landmark: 1e+21 in a query, a form field, a double body member', () => {
    const page = body({ title: 'abc' });
    expect(gateValid({ ...page, query: [['page', '1e+21']] }, closed)).toMatchObject({
      send: { edge: { gap: 'integer-precision' } },
    });
    const form = validCase('createPet', {
      body: { kind: 'raw', text: 'a=0&equals=-9007199254740992', contentType: 'application/x-www-form-urlencoded' },
    });
    expect(gateValid(form, closed)).toMatchObject({
      send: { edge: { gap: 'integer-precision', description: expect.stringContaining('form field equals') } },
    });
    expect(gateValid(body({ title: 'abc', size: 1e21 }), closed)).toMatchObject({
      send: { edge: { gap: 'integer-precision' } },
    });
    const ordinary = { ...page, query: [['page', '9007199254740991'] as const] };
    expect(gateValid(ordinary, closed)).toEqual({ send: ordinary });
  });

  it('holds back every request but invalid ones where the template cannot carry a required path parameter', () => {
    // terry-api (held-out set 49): `/v1/todos/:id` declares the path parameter id, which no request can send.
    const express = { ...ops.getPet, path: '/pets/:petId' };
    const fault = { member: 'path petId', why: expect.stringContaining('has no {petId}') };
    expect(gateValid(validCase('getPet', { pathParams: { petId: '1' } }), express)).toMatchObject({ fault });
    expect(gateValid({ ...validCase('getPet'), kind: 'auth' }, express)).toMatchObject({ fault });
    const invalid = invalidCase('getPet', { location: 'path.petId' }, { pathParams: { petId: 'x' } });
    expect(gateValid(invalid, express)).toEqual({ send: invalid });
  });

  it('sends a request whose template names its own parameters but not a stray one (held-out set 151)', () => {
    // NestJS: `/api/book/{bookId}` also declares a required path `id` that no route segment holds.
    const stray = {
      ...ops.getPet,
      parameters: [
        ...ops.getPet.parameters,
        { ...ops.getPet.parameters.find((p) => p.in === 'path')!, name: 'id', required: true },
      ],
    };
    const c = validCase('getPet', { pathParams: { petId: '1' } });
    expect(gateValid(c, stray)).toEqual({ send: c });
    // A router's placeholder for it in the template still has nowhere to go.
    expect(gateValid(c, { ...stray, path: '/pets/{petId}/:id' })).toMatchObject({ fault: { member: 'path id' } });
  });

  it('leaves invalid cases alone: they are meant to break the schema', () => {
    const c = invalidCase('createPet', {}, { body: { kind: 'json', value: { title: 7 } } });
    expect(gateValid(c, closed)).toEqual({ send: c });
  });
});
