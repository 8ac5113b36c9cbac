// What the kit found on the mock of GitHub's description, on a small spec of the same shape.
import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from '../_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'labels.yaml',
  `openapi: 3.0.3
info: {title: Labels, version: '1'}
paths:
  /repos/{repo}/labels:
    parameters: [{name: repo, in: path, required: true, schema: {type: string}, example: hello}]
    post:
      operationId: createLabel
      requestBody:
        required: true
        content: {application/json: {schema: {type: object, required: [name], properties: {name: {type: string}, color: {type: string}}}}}
      responses:
        '201':
          description: created
          headers: {Location: {schema: {type: string}}}
          content: {application/json: {schema: {$ref: '#/components/schemas/Label'}}}
  /repos/{repo}/labels/{name}:
    parameters:
      - {name: repo, in: path, required: true, schema: {type: string}, example: hello}
      - {name: name, in: path, required: true, schema: {type: string}, example: bug}
    get:
      operationId: getLabel
      responses:
        '200':
          description: ok
          content: {application/json: {schema: {$ref: '#/components/schemas/Label'}, example: {name: bug, color: f29513}}}
        '404': {description: none}
  /installations/{installation_id}/repositories:
    parameters: [{name: installation_id, in: path, required: true, schema: {type: integer}}]
    get:
      operationId: listInstallationRepos
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Repo'}}
              example: [{id: 7, name: hello}]
  /installations/{installation_id}/repositories/{repository_id}:
    parameters:
      - {name: installation_id, in: path, required: true, schema: {type: integer}}
      - {name: repository_id, in: path, required: true, schema: {type: integer}}
    put:
      operationId: addRepoToInstallation
      responses:
        '204': {description: added}
    delete:
      operationId: removeRepoFromInstallation
      responses:
        '204': {description: removed}
components:
  schemas:
    Label: {type: object, required: [name], properties: {name: {type: string}, color: {type: string}}}
    Repo: {type: object, required: [id, name], properties: {id: {type: integer}, name: {type: string}}}
`,
);

const t = mockOnSpec(SPEC, specs.remove);

describe('the mock on specs shaped like GitHub', () => {
  it('a create with a 20,000-character client-chosen id answers headers undici reads (the Location is left out)', async () => {
    const name = 'x'.repeat(20_000);
    const res = await fetch(`${t.base}/repos/hello/labels`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, color: 'f29513' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBeNull();
    expect(((await res.json()) as { name: string }).name).toBe(name);
    expect(t.lines.some((l) => /header Location \(\d+ bytes\) left out/.test(l))).toBe(true);
    // A short id keeps its Location.
    const short = await fetch(`${t.base}/repos/hello/labels`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'bug' }),
    });
    expect(short.headers.get('location')).toBe('/repos/hello/labels/bug');
  });

  it("the spec's example create takes over the example item it also documents; a second create replaces it (no 409 documented)", async () => {
    await fetch(`${t.base}/__mock/reset`, { method: 'POST' });
    expect((await fetch(`${t.base}/repos/hello/labels/bug`)).status).toBe(200);
    const create = () =>
      fetch(`${t.base}/repos/hello/labels`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'bug', color: '000000' }),
      });
    expect((await create()).status).toBe(201);
    expect(((await (await fetch(`${t.base}/repos/hello/labels/bug`)).json()) as { color: string }).color).toBe(
      '000000',
    );
    // createLabel documents no 409: the spec gives no refusal for a name taken, so the create replaces
    // (undocumented-conflict.test.ts has the 409 where it is documented).
    expect((await create()).status).toBe(201);
  });

  it('a PUT without a body on a membership (the operation takes none) is a 204, not a 400', async () => {
    // Added, then added again (the item is there: nothing to change).
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${t.base}/installations/1/repositories/7`, { method: 'PUT' });
      expect(res.status).toBe(204);
    }
    expect((await fetch(`${t.base}/installations/1/repositories/7`, { method: 'DELETE' })).status).toBe(204);
  });
});
