// Pins each fact of the contract (summarised in docs/contract.md) in the spec, so that
// deleting or loosening any of them fails a test.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type SpecModel } from './index.js';

let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec();
});

const op = (id: string) => spec.operation(id)!;
const schema = (name: string) => spec.schemas[name]!.schema as Record<string, any>;

describe('contract facts in spec/openapi.yaml', () => {
  it('version 1.0.0, production and staging servers, both under /v1', () => {
    expect(spec.version).toBe('1.0.0');
    expect(spec.servers).toHaveLength(2);
    for (const server of spec.servers) expect(new URL(server.url).pathname).toBe('/v1');
    expect(spec.servers.map((s) => s.description?.split('.')[0])).toEqual(['Production', 'Staging']);
  });

  it('one HTTP bearer scheme, required by every operation', () => {
    const schemes = (spec.document.components as any).securitySchemes;
    expect(Object.keys(schemes)).toEqual(['bearerAuth']);
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const operation of spec.operations) {
      expect(operation.security).toMatchObject({
        access: 'required',
        alternatives: [[{ scheme: { kind: 'bearer', name: 'bearerAuth' }, scopes: [] }]],
      });
    }
  });

  it('exactly the three operations of the contract', () => {
    expect(spec.operations.map((o) => o.operationId).sort()).toEqual(['createPet', 'getPet', 'listPets']);
  });

  it('listPets: limit 1..100 default 20, status filter, responses 200 and 401', () => {
    const listPets = op('listPets');
    const [limit, status] = listPets.parameters;
    expect(limit).toMatchObject({ name: 'limit', in: 'query', required: false });
    expect(limit!.schema.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(status).toMatchObject({ name: 'status', in: 'query', required: false });
    expect(status!.schema.schema).toMatchObject({ enum: ['available', 'pending', 'sold'] });
    expect(status!.schema.schema.default).toBeUndefined();
    expect(Object.keys(listPets.responses)).toEqual(['200', '401']);
    expect(listPets.responses['200']!.schema!.schema).toBe(schema('Pets'));
    expect(listPets.requestBody).toBeUndefined();
  });

  it('createPet: required JSON NewPet body, responses 201, 400, 401', () => {
    const createPet = op('createPet');
    expect(createPet.requestBody).toMatchObject({ required: true, mediaTypes: ['application/json'] });
    expect(createPet.requestBody!.schema.schema).toBe(schema('NewPet'));
    expect(Object.keys(createPet.responses)).toEqual(['201', '400', '401']);
    expect(createPet.responses['201']!.schema!.schema).toBe(schema('Pet'));
    expect(createPet.responses['400']!.schema!.schema).toBe(schema('Error'));
  });

  it('getPet: int64 petId, responses 200, 401, 404, deprecated with sunset and successor', () => {
    const getPet = op('getPet');
    expect(getPet.parameters).toHaveLength(1);
    expect(getPet.parameters[0]).toMatchObject({ name: 'petId', in: 'path', required: true });
    expect(getPet.parameters[0]!.schema.schema).toMatchObject({ type: 'integer', format: 'int64' });
    expect(Object.keys(getPet.responses)).toEqual(['200', '401', '404']);
    expect(getPet.deprecation).toEqual({
      sunset: '2030-12-05',
      replacedBy: { operationId: 'listPets', method: 'GET', path: '/pets' },
    });
    const raw = (spec.document.paths as any)['/pets/{petId}'].get;
    expect(raw.deprecated).toBe(true);
    expect(raw.description).toContain('5 December 2030');
    expect(raw.description).toContain('`GET /pets` with the `status` filter');
  });

  it('every error response is an Error body', () => {
    for (const operation of spec.operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400)
          expect(response.schema!.schema, `${operation.operationId} ${status}`).toBe(schema('Error'));
      }
    }
  });

  it('schemas: PetStatus, NewPet, Pet, Pets, Error as the contract states, inventing nothing', () => {
    expect(schema('PetStatus')).toMatchObject({ type: 'string', enum: ['available', 'pending', 'sold'] });
    const newPet = schema('NewPet');
    expect(newPet.required).toEqual(['name', 'categoryId']);
    expect(newPet.properties.name).toMatchObject({ type: 'string' });
    expect(newPet.properties.name.minLength).toBeUndefined();
    expect(newPet.properties.name.maxLength).toBeUndefined();
    expect(newPet.properties.categoryId).toMatchObject({ type: 'integer', format: 'int64' });
    expect(newPet.properties.status).toBe(schema('PetStatus'));
    expect(newPet.properties.status.default).toBeUndefined();
    expect(newPet.additionalProperties).toBeUndefined();
    const pet = schema('Pet');
    expect(pet.allOf[0]).toBe(newPet);
    expect(pet.allOf[1]).toMatchObject({ required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } });
    expect(schema('Pets')).toMatchObject({ type: 'array' });
    expect(schema('Pets').items).toBe(pet);
    const error = schema('Error');
    expect(error.required).toEqual(['code', 'message', 'status']);
    expect(error.properties).toMatchObject({
      code: { type: 'string' },
      message: { type: 'string' },
      status: { type: 'integer' },
    });
    expect(error.properties.code.enum).toBeUndefined();
  });

  it('states the gaps the contract leaves open instead of filling them', () => {
    const description = String((spec.document.info as any).description);
    for (const gap of [
      'transitions',
      'events',
      '`code` field',
      'size limits',
      'ordering',
      'other endpoints',
      'category',
      'default value of `status`',
    ]) {
      expect(description).toContain(gap);
    }
  });
});
