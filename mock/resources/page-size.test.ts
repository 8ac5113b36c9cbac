import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from '../_test-support.js';

/** One collection per way specs write a page size: a string of digits, 3.1 `[integer, null]`, `anyOf` with null. */
const collections: ReadonlyArray<readonly [string, string, string]> = [
  ['strings', 'per_page', "{type: string, pattern: '^[0-9]+$'}"],
  ['nullables', 'limit', "{type: [integer, 'null']}"],
  ['options', 'page[size]', "{anyOf: [{type: integer}, {type: 'null'}]}"],
];

const specs = tempSpecs();
const SPEC = specs.write(
  'pages.yaml',
  `openapi: 3.1.0
info: {title: Pages, version: '1'}
paths:
${collections
  .map(
    ([name, parameter, schema]) => `  /${name}:
    get:
      operationId: list_${name}
      parameters: [{name: '${parameter}', in: query, schema: ${schema}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/T'}}}}}
    post:
      operationId: create_${name}
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/T'}}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/T'}}}}`,
  )
  .join('\n')}
components:
  schemas:
    T: {type: object, required: [name], properties: {name: {type: string}}}
`,
);

const t = mockOnSpec(SPEC, specs.remove);

describe('the stateful store honours page sizes however the spec types them', () => {
  it.each(collections)('/%s?%s=2 answers 2 of 5 items', async (name, parameter) => {
    for (let i = 0; i < 5; i++) {
      const created = await fetch(`${t.base}/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `${name}-${i}` }),
      });
      expect(created.status).toBe(201);
    }
    const page = await fetch(`${t.base}/${name}?${encodeURIComponent(parameter)}=2`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { name: string }[]).map((item) => item.name)).toEqual([`${name}-0`, `${name}-1`]);
    expect(((await (await fetch(`${t.base}/${name}`)).json()) as unknown[]).length).toBe(5);
  });
});
