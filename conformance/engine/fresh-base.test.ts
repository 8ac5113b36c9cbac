// An invalid body refused with 409 (a conflict with what the store holds) says nothing of its fault:
// the kit sends it again on fresh bases, the fault kept (clinic zoo: an undeclared member dropped in
// silence, unseen behind "the practitioner is booked then").
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../report/describe-finding.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const input = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: { title: { type: 'string', minLength: 1, maxLength: 40 } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: { 'application/json': { schema: input } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { type: 'object' } } } },
          '400': { description: 'invalid body' },
          '409': { description: 'a note with this title exists' },
        },
      },
    },
  },
};

/** Titles are unique; `dropsUnknown` keeps a body with an undeclared member, minus the member. */
async function run(dropsUnknown: boolean) {
  const titles = new Set<string>();
  const served = await servingDocument('notes', document, (_req, res, body) => {
    let note: Record<string, unknown>;
    try {
      note = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return answerJson(res, 400, { message: 'bad json' });
    }
    const title = note?.title;
    if (typeof title !== 'string' || title.length < 1 || title.length > 40) return answerJson(res, 400, {});
    // The conflict comes first, as a uniqueness check in the store would.
    if (titles.has(title)) return answerJson(res, 409, { message: 'exists' });
    const extra = Object.keys(note).some((k) => k !== 'title');
    if (extra && !dropsUnknown) return answerJson(res, 400, { message: 'unknown member' });
    titles.add(title);
    answerJson(res, 201, { title });
  });
  try {
    // One random draw: the coverage phase (every mutation once, on the ordinary body) decides.
    return await runConformance({ target: served.url, spec: served.spec, seed: 1, runs: 1, concurrency: 1 });
  } finally {
    await served.close();
  }
}

describe('an invalid body refused with 409', () => {
  it('is sent again on a fresh base: an undeclared member accepted then fails', async () => {
    const report = await run(true);
    const accepted = report.findings.filter((f) => f.severity === 'failure' && f.code === 'negative_accepted');
    expect(accepted.map((f) => describeFinding(f))).toEqual([expect.stringMatching(/the schema does not allow/)]);
  });

  it('passes a server that refuses the member once the conflict is out of the way', async () => {
    const report = await run(false);
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
  });
});
