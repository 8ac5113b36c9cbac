// A body over common parser limits, on an operation whose every text member is bounded (held-out set
// 112: Express's 100 kB limit, turned into 500 by the server's own error handler).
import { afterEach, describe, expect, it } from 'vitest';
import { describeFinding } from '../report/describe-finding.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const note = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 120 } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: { 'application/json': { schema: note } } },
        responses: {
          '201': { description: 'made', content: { 'application/json': { schema: note } } },
          '400': { description: 'invalid' },
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

const run = async (overLimit: number) => {
  const served = await servingDocument('notes', document, (req, res, text) => {
    if (Buffer.byteLength(text) > 100 * 1024)
      return answerJson(res, overLimit, { message: 'request entity too large' });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return answerJson(res, 400, { message: 'bad json' });
    }
    const title = (body as { title?: unknown } | null)?.title;
    const keys = body && typeof body === 'object' ? Object.keys(body) : [];
    if (typeof title !== 'string' || title.length < 1 || [...title].length > 120 || keys.some((k) => k !== 'title'))
      return answerJson(res, 400, { message: 'invalid' });
    answerJson(res, 201, { title });
  });
  close = served.close;
  const report = await runConformance({ target: served.url, spec: served.spec, seed: 1, runs: 5, concurrency: 1 });
  return report.findings.filter((f) => f.severity === 'failure');
};

describe('a body over common parser limits, every text member bounded', () => {
  it('fails a 5xx to it', async () => {
    const failures = await run(500);
    expect(failures.map((f) => `${f.code} ${describeFinding(f)}`)).toEqual([
      expect.stringMatching(/^server_error The server answered 500 to an invalid request \(body: maxLength\)/),
    ]);
  });

  it('passes a 413', async () => {
    expect(await run(413)).toEqual([]);
  });
});
