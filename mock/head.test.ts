// HEAD is GET without content (RFC 9110 §9.3.2), and general-purpose servers support both (§9.1): a
// frontend's fake backend answers HEAD where the spec has a GET, with GET's status, headers and
// length, and without a byte of content. A path without a GET still refuses it (405 with Allow).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from './_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'head.yaml',
  `openapi: 3.0.3
info: {title: Head, version: '1'}
servers: [{url: /v1}]
paths:
  /notes:
    get:
      operationId: listNotes
      responses:
        '200':
          description: ok
          content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Note'}}, example: [{id: 1, text: a}]}}
  /notes/{id}:
    get:
      operationId: getNote
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Note'}}}}
        '404': {description: none, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
  /imports:
    post:
      operationId: importNotes
      responses: {'202': {description: accepted}}
components:
  schemas:
    Note: {type: object, required: [id, text], properties: {id: {type: integer}, text: {type: string}}}
    Problem: {type: object, required: [message], properties: {message: {type: string}}}
`,
);
const t = mockOnSpec(SPEC, specs.remove);

/** Status, headers and the count of content bytes of one request, read off the socket. */
function send(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.base}${path}`, { method }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => {
        bytes += d.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HEAD', () => {
  it("answers as GET would, GET's length included, without content", async () => {
    for (const [path, status] of [
      ['/v1/notes', 200],
      ['/v1/notes/1', 200],
      ['/v1/nowhere', 404],
    ] as const) {
      const get = await send('GET', path);
      const head = await send('HEAD', path);
      expect(get.status).toBe(status);
      expect(get.bytes).toBeGreaterThan(0);
      expect(head.status).toBe(status);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(String(get.bytes));
      expect(head.bytes).toBe(0);
    }
  });

  it('is still refused where the path has no GET: 405 with Allow', async () => {
    const head = await send('HEAD', '/v1/imports');
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe('POST');
    expect(head.bytes).toBe(0);
  });
});
