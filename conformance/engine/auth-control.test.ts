// A credential variant refused with 400 gets a control: the same request with the valid credential.
// Where the variant's input was invalid too (auth-precedence), the control is an invalid request,
// not a "valid" one the gate would hold back while noting a value it "could not generate" (held-out
// set 71: eleven such notes on a server whose bodies the kit generates without trouble).
import { describe, expect, it } from 'vitest';
import { createKitCredentials } from '../send/index.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const user = {
  type: 'object',
  required: ['name', 'email'],
  properties: { name: { type: 'string' }, email: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'users', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: { required: true, content: { 'application/json': { schema: user } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: user } } },
          '400': { description: 'invalid body' },
          '401': { description: 'no key' },
        },
      },
    },
  },
};

describe('the valid-credential control of a refused credential variant', () => {
  it('goes as an invalid request where the variant carried invalid input: no "could not generate" gap', async () => {
    // The body is judged before the key: any invalid body gets 400, whatever the key.
    const served = await servingDocument('users', document, (req, res, body) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return answerJson(res, 400, { message: 'bad json' });
      }
      const u = parsed as Record<string, unknown>;
      if (typeof u?.name !== 'string' || typeof u.email !== 'string') return answerJson(res, 400, { message: 'bad' });
      if (req.headers['x-api-key'] !== 'k-1') return answerJson(res, 401, { message: 'no key' });
      answerJson(res, 201, u);
    });
    try {
      const report = await runConformance({
        target: served.url,
        spec: served.spec,
        // A seed whose 30 cases pair a refused key with a body that parses but breaks the schema.
        seed: 3,
        runs: 30,
        concurrency: 1,
        credentials: createKitCredentials({ apiKey: 'k-1' }),
      });
      expect(report.findings.filter((f) => f.code === 'contract_gap' && f.gap === 'no-valid-value')).toEqual([]);
      // A body no parser reads, refused before the key: the contract's gap. One that parses but
      // breaks the schema is judged after the key (a missing key gets 401): refused with 400, it fails.
      expect(report.findings.some((f) => f.code === 'contract_gap' && f.gap === 'auth-precedence')).toBe(true);
      const failures = report.findings.filter((f) => f.severity === 'failure');
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((f) => f.code === 'auth_wrong_status' && 'alsoInvalid' in (f.evidence as object))).toBe(
        true,
      );
    } finally {
      await served.close();
    }
  });
});
