// RFC 6749 §5.1: a response containing tokens MUST carry Cache-Control: no-store. The kit signs up
// an account, then asks the password flow's token endpoint for a token (held-out sets 110 and 111).
import { afterEach, describe, expect, it } from 'vitest';
import { describeFinding } from '../report/describe-finding.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const account = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', format: 'email' }, password: { type: 'string', minLength: 1 } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'accounts', version: '1' },
  components: {
    securitySchemes: { oauth: { type: 'oauth2', flows: { password: { tokenUrl: 'token', scopes: {} } } } },
  },
  paths: {
    '/users': {
      post: {
        operationId: 'signUp',
        requestBody: { required: true, content: { 'application/json': { schema: account } } },
        responses: { '201': { description: 'made' }, '400': { description: 'invalid' } },
      },
    },
    '/token': {
      post: {
        operationId: 'login',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['username', 'password'],
                properties: {
                  grant_type: { type: 'string' },
                  username: { type: 'string' },
                  password: { type: 'string' },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'a token',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['access_token', 'token_type'],
                  properties: { access_token: { type: 'string' }, token_type: { type: 'string' } },
                },
              },
            },
          },
          '400': { description: 'an invalid grant (RFC 6749 §5.2)' },
          '422': { description: 'invalid' },
        },
      },
    },
  },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const run = async (tokenHeaders: Record<string, string>) => {
  const accounts = new Map<string, string>();
  const served = await servingDocument('accounts', document, (req, res, text) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/users') {
      let body: { email?: unknown; password?: unknown } | undefined;
      try {
        body = JSON.parse(text);
      } catch {
        return answerJson(res, 400, { detail: 'bad json' });
      }
      if (typeof body?.email !== 'string' || typeof body.password !== 'string' || body.password === '')
        return answerJson(res, 400, { detail: 'invalid' });
      accounts.set(body.email, body.password);
      return answerJson(res, 201);
    }
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(text);
      const user = form.get('username') ?? '';
      if (!accounts.has(user) || accounts.get(user) !== form.get('password'))
        return answerJson(res, 400, { error: 'invalid_grant' });
      return answerJson(res, 200, { access_token: 'eyJ.issued.token', token_type: 'bearer' }, tokenHeaders);
    }
    answerJson(res, 404, { detail: 'not found' });
  });
  close = served.close;
  const report = await runConformance({ target: served.url, spec: served.spec, seed: 1, runs: 5, concurrency: 1 });
  return report.findings.filter((f) => f.severity === 'failure');
};

describe('a token response (RFC 6749 §5.1)', () => {
  it('fails one a cache may keep', async () => {
    const failures = await run({});
    expect(failures.map((f) => `${f.operationId} ${describeFinding(f)}`)).toEqual([
      expect.stringMatching(
        /^login The token endpoint handed out an access token \(for an account made by signUp\) with no Cache-Control/,
      ),
    ]);
  });

  it('passes one marked no-store', async () => {
    expect(await run({ 'cache-control': 'no-store', pragma: 'no-cache' })).toEqual([]);
  });
});
