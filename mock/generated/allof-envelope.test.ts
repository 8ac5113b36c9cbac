// A page whose envelope is written as allOf parts (`allOf: [{properties: {results: [...]}}, {$ref:
// PagingInfo}]`, as Codat's specs write it) holds as many items as the page size asks, like a plain
// envelope (issue 21: codat.io/assess, get-data-integrity-details).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestMock, startTestMock, tempSpecs } from '../_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'allof-envelope.yaml',
  `openapi: 3.0.3
info: {title: Envelopes, version: '1'}
paths:
  /companies/{companyId}/details:
    get:
      operationId: listDetails
      parameters:
        - {name: companyId, in: path, required: true, schema: {type: string}}
        - {name: page, in: query, schema: {type: integer, minimum: 1, default: 1}}
        - {name: pageSize, in: query, schema: {type: integer, maximum: 5000, default: 100}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Details'}}}}
components:
  schemas:
    Details:
      allOf:
        - type: object
          properties: {results: {type: array, items: {$ref: '#/components/schemas/Detail'}}}
        - $ref: '#/components/schemas/PagingInfo'
    Detail:
      type: object
      required: [id]
      properties: {id: {type: string}, amount: {type: number}}
    PagingInfo:
      type: object
      required: [pageNumber, pageSize, totalResults]
      properties: {pageNumber: {type: integer}, pageSize: {type: integer}, totalResults: {type: integer}}
`,
);
// Generated answers (as the stateful mode gives for a list it stores nothing for): sized by the page size.
let t: TestMock;
beforeAll(async () => {
  t = await startTestMock({ spec: SPEC, mode: 'dynamic', seed: '1' });
});
afterAll(async () => {
  await t.close();
  specs.remove();
});

describe('a page size on an envelope written as allOf parts', () => {
  it.each([0, 1, 2, 7])('pageSize=%i gives that many results', async (size) => {
    const res = await fetch(`${t.base}/companies/c1/details?page=1&pageSize=${size}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results?: unknown[] };
    expect(body.results ?? []).toHaveLength(size);
  });
});
