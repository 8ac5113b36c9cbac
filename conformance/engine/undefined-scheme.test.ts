// A document whose requirements name a scheme it never defines (held-out set 67: the RealWorld API
// requires `Token`, an `Authorization: Token <jwt>` header, and defines no scheme at all). With the
// credential given as `-H`, the run reads the scheme as an API key in that header, and judges it.
import { describe, expect, it } from 'vitest';
import { createKitCredentials } from '../send/index.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const article = { type: 'object', required: ['slug'], properties: { slug: { type: 'string' } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'conduit', version: '1' },
  paths: {
    '/articles/feed': {
      get: {
        operationId: 'feed',
        security: [{ Token: [] }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: article } } } },
          '401': { description: 'unauthorized' },
        },
      },
    },
  },
};
const TOKEN = 'Token jwt-of-ann';

/** A feed that checks the token (`enforced`), or serves anyone; its 401 challenges when `challenge` is given. */
async function run(enforced: boolean, headers: string[], token = TOKEN, challenge?: string, caseBlind = true) {
  const served = await servingDocument('conduit', document, (req, res) => {
    const sent = caseBlind ? req.headers.authorization?.replace(/^bearer /i, 'Bearer ') : req.headers.authorization;
    if (enforced && sent !== token) {
      if (challenge) res.setHeader('www-authenticate', challenge);
      return answerJson(res, 401, { message: 'no' });
    }
    answerJson(res, 200, [{ slug: 'a' }]);
  });
  try {
    return await runConformance({
      target: served.url,
      spec: served.spec,
      seed: 1,
      runs: 5,
      concurrency: 1,
      credentials: createKitCredentials({ headers }),
    });
  } finally {
    await served.close();
  }
}

describe('a scheme the requirements name but the document does not define', () => {
  it('is read as an API key in the -H header given: a server that checks it certifies', async () => {
    const report = await run(true, [`Authorization: ${TOKEN}`]);
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(report.verdict).toBe('certified');
  });

  it('fails a server that serves the operation without the credential', async () => {
    const report = await run(false, [`Authorization: ${TOKEN}`]);
    expect(report.findings.filter((f) => f.severity === 'failure').map((f) => f.code)).toContain('auth_ignored');
  });
});

describe('an undefined scheme whose -H credential names HTTP bearer', () => {
  const BEARER = 'Bearer jwt-of-ann';
  it('is read as HTTP bearer: a 401 must challenge (RFC 9110 §11.6.1), and one that does certifies', async () => {
    const silent = await run(true, [`Authorization: ${BEARER}`], BEARER);
    expect(silent.findings.filter((f) => f.severity === 'failure').map((f) => f.code)).toContain(
      'auth_challenge_missing',
    );
    const challenging = await run(true, [`Authorization: ${BEARER}`], BEARER, 'Bearer realm="conduit"');
    expect(challenging.findings.filter((f) => f.severity === 'failure')).toEqual([]);
  });

  it('fails a server that refuses the token under a lower-case scheme name (RFC 9110 §11.1)', async () => {
    const strict = await run(true, ['Authorization: Bearer jwt-of-ann'], 'Bearer jwt-of-ann', 'Bearer', false);
    const failures = strict.findings.filter((f) => f.severity === 'failure');
    expect(failures.map((f) => f.code)).toContain('auth_rejected_valid');
  });
});

describe('an undefined scheme named as the kind of a scheme the document defines (held-out set 87)', () => {
  // NestJS: the operations require `bearer`; the document defines `access-token`, HTTP bearer. The
  // run was refused ("no credential for this spec's schemes (unknown)") whatever credential it got.
  const nest = {
    ...document,
    components: { securitySchemes: { 'access-token': { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths: { '/articles/feed': { get: { ...document.paths['/articles/feed'].get, security: [{ bearer: [] }] } } },
  };
  it('is read as that HTTP scheme, and the run judges it', async () => {
    const served = await servingDocument('nest', nest, (req, res) =>
      req.headers.authorization === 'Bearer jwt-of-ann'
        ? answerJson(res, 200, [{ slug: 'a' }])
        : answerJson(res, 401, { message: 'no' }),
    );
    try {
      const report = await runConformance({
        target: served.url,
        spec: served.spec,
        seed: 1,
        runs: 5,
        concurrency: 1,
        credentials: createKitCredentials({ apiKey: 'jwt-of-ann' }),
      });
      // Run, not refused; its 401 carries no challenge, which HTTP bearer requires.
      expect(report.findings.filter((f) => f.severity === 'failure').map((f) => f.code)).toContain(
        'auth_challenge_missing',
      );
    } finally {
      await served.close();
    }
  });
});
