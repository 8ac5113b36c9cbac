// An error the operation documents only in a binary media type (Azure's LUIS: `default` as
// `application/octet-stream` with a JSON-shaped schema) goes out in that media type, not as
// `application/json` the operation never names (issue 21: cognitiveservices-LUIS-Programmatic).
import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from './_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'binary-error.yaml',
  `openapi: 3.0.3
info: {title: Binary errors, version: '1'}
paths:
  /apps/{appId}/querylogs:
    get:
      operationId: downloadLogs
      parameters: [{name: appId, in: path, required: true, schema: {type: string, format: uuid}}]
      responses:
        '200': {description: logs, content: {application/octet-stream: {schema: {type: string, format: binary}}}}
        default:
          description: error
          content:
            application/octet-stream:
              schema: {type: object, properties: {errorType: {type: string}, message: {type: string}}}
`,
);
const t = mockOnSpec(SPEC, specs.remove);

describe('errors documented only in a binary media type', () => {
  it('a 400 goes out as the documented application/octet-stream, its body the error schema', async () => {
    const res = await fetch(`${t.base}/apps/not-a-uuid/querylogs`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/octet-stream/);
    expect(JSON.parse(await res.text())).toMatchObject({ message: expect.any(String) });
  });
});
