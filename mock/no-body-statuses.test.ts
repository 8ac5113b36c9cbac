// A 204 carries no content, so no Content-Length either (RFC 9110 §8.6, §15.3.5), even where the spec
// documents a body for it: a length with no bytes behind it breaks the client's framing (issue 21:
// amazonaws.com/codeguru-security's TagResource, `204` with `application/json` content).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from './_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'no-content.yaml',
  `openapi: 3.0.3
info: {title: No content, version: '1'}
paths:
  /tags/{arn}:
    post:
      operationId: TagResource
      parameters: [{name: arn, in: path, required: true, schema: {type: string}}]
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses:
        '204':
          description: Success
          content: {application/json: {schema: {type: object, properties: {}}}}
`,
);
const t = mockOnSpec(SPEC, specs.remove);

/** The status, headers and body bytes of one request, over a connection the test controls. */
function post(
  path: string,
  body: string,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.base}${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('statuses without content', () => {
  it('a 204 goes out without Content-Length and without bytes', async () => {
    const res = await post('/tags/abc', '{"tags":{}}');
    expect(res.status).toBe(204);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.bytes).toBe(0);
    // The connection is still usable: the next answer is framed right.
    const again = await fetch(`${t.base}/tags/abc`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(again.status).toBe(204);
    expect(await again.text()).toBe('');
  });
});
