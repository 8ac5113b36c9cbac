// A spec whose examples break its own schemas (an integer example of a string member, an error
// example with more members than maxProperties allows): the mock answers bodies that fit the schemas
// all the same, built from the schema alone when no example fits (issue 21: APIs.guru's Amadeus specs).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../spec/index.js';
import { mockOnSpec, tempSpecs } from './_test-support.js';
import { jsonAnswer } from './answer.js';
import { conformSuccess } from './conform-answer.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'broken-examples.yaml',
  `openapi: 3.1.0
info: {title: Broken examples, version: '1'}
paths:
  /places:
    get:
      operationId: searchPlaces
      parameters:
        - {name: radius, in: query, schema: {type: integer, maximum: 20}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Places'}
        '400':
          description: bad
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Errors'}
components:
  schemas:
    Places:
      type: object
      required: [data]
      example: {data: [{name: Casa, rank: 5}, {name: Pepita, rank: 30}]}
      properties:
        data: {type: array, items: {$ref: '#/components/schemas/Place'}}
    Place:
      type: object
      properties:
        name: {type: string, example: Paris}
        rank: {type: string, example: 1}
        self: {type: object, example: {href: here}, properties: {href: {type: string, format: uri}}}
    Errors:
      type: object
      required: [errors]
      example: {errors: [{code: 477, source: {parameter: airport, example: CDG}}]}
      properties:
        errors: {type: array, items: {$ref: '#/components/schemas/Issue'}}
    Issue:
      type: object
      properties:
        code: {type: integer}
        detail: {type: string}
        source:
          type: object
          maxProperties: 1
          properties: {parameter: {type: string}, example: {type: string}}
`,
);

const t = mockOnSpec(SPEC, specs.remove);
const ajv = new Ajv2020({ strict: false });
const schemas = {
  $defs: {
    Place: { type: 'object', properties: { name: { type: 'string' }, rank: { type: 'string' } } },
    Issue: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        detail: { type: 'string' },
        source: { type: 'object', maxProperties: 1 },
      },
    },
  },
};
const places = ajv.compile({
  ...schemas,
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { $ref: '#/$defs/Place' } } },
});
const errors = ajv.compile({
  ...schemas,
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'array', items: { $ref: '#/$defs/Issue' } } },
});

describe('examples that break their own schema', () => {
  it('a success whose examples and generated bodies all break the schema gets a body built from the schema', async () => {
    const spec = await loadSpec(SPEC);
    const operation = spec.operation('searchPlaces')!;
    const example = { data: [{ name: 'Casa', rank: 5 }] };
    // Prism's generator answers the schema's own example: it breaks the schema too.
    const answer = await conformSuccess(
      operation,
      jsonAnswer(200, JSON.stringify(example)),
      undefined,
      async () => example,
    );
    expect(answer.status).toBe(200);
    const body: unknown = JSON.parse(answer.json!);
    expect(places(body), answer.json).toBe(true);
  });

  it('an error whose schema example breaks the schema gets a body built from the schema', async () => {
    const res = await fetch(`${t.base}/places?radius=21`);
    expect(res.status).toBe(400);
    const body: unknown = await res.json();
    expect(errors(body), JSON.stringify(body)).toBe(true);
  });
});
