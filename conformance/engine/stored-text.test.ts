// A NUL inside a valid string (see storedTextSweep in http-sweeps.ts), against small in-process
// servers: one that stores it whole, one that keeps C strings and cuts it (held-out set 48's
// hono-open-api-starter), one that refuses it with its documented 400.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { answerJson, servingDocument } from './_test-support.js';
import { hasLoneSurrogate } from '../generate/index.js';
import { withNulInside } from './http-sweeps.js';
import { runConformance } from './run-conformance.js';

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const note = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string', minLength: 1, maxLength: 200 } },
};
const problem = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const json = (schema: object) => ({ 'application/json': { schema } });
const document = {
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: json(note) },
        responses: {
          '201': { description: 'created', content: json(note) },
          '400': { description: 'bad input', content: json(problem) },
        },
      },
    },
    '/notes/{id}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'the note', content: json(note) },
          '404': { description: 'none', content: json(problem) },
        },
      },
    },
  },
};

/** A notes server whose store keeps `keep(text)`, or refuses the text when `keep` answers undefined. */
async function serve(
  keep: (text: string) => string | undefined,
): Promise<{ url: string; spec: string; sent: string[] }> {
  const notes = new Map<number, string>();
  const sent: string[] = [];
  const served = await servingDocument('notes', document, (req, res, body) => {
    const answer = (status: number, value: unknown) => answerJson(res, status, value);
    const one = /^\/notes\/(\d+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && one) {
      const text = notes.get(Number(one[1]));
      return text === undefined ? answer(404, { message: 'no note' }) : answer(200, { id: Number(one[1]), text });
    }
    if (req.method !== 'POST' || req.url !== '/notes') return answer(404, { message: 'no route' });
    let text: unknown;
    try {
      text = (JSON.parse(body) as { text?: unknown } | null)?.text;
    } catch {
      return answer(400, { message: 'not JSON' });
    }
    if (typeof text !== 'string' || text.length === 0 || [...text].length > 200)
      return answer(400, { message: 'text' });
    sent.push(text);
    const kept = keep(text);
    if (kept === undefined) return answer(400, { message: 'control characters are refused' });
    const id = notes.size + 1;
    notes.set(id, kept);
    // The answer echoes what was sent; only the read shows what the store kept.
    return answer(201, { id, text });
  });
  open = served;
  return { url: served.url, spec: served.spec, sent };
}

// A whole run of both operations: the read back is getNote's (--only bounds every request), and a
// read-back rule fails only once the target confirmed it on other creations (Confirmations).
const run = (url: string, spec: string): Promise<RunReport> => runConformance({ target: url, spec, seed: 1, runs: 5 });
/** The verdicts about storing text: read-backs, and refusals of control characters. */
const judged = (report: RunReport) =>
  report.findings
    .filter(
      (f) =>
        f.check === 'semantics.persistence' ||
        (f.gap === 'field-size-limits' && JSON.stringify(f.evidence).includes('control characters')),
    )
    .map((f) => `${f.severity} ${f.check} ${f.gap ?? f.code}${'rule' in f.evidence ? ` ${f.evidence.rule}` : ''}`);

describe('a NUL inside a valid string', () => {
  it('replaces a whole character, never half of an astral one', () => {
    expect(withNulInside('abcde')).toBe('ab\u0000de');
    // '🐢🐢🐢' is six UTF-16 units: the middle unit is the second half of the second turtle.
    expect(withNulInside('🐢🐢🐢')).toBe('🐢\u0000🐢');
    expect(hasLoneSurrogate(withNulInside('🐢🐢🐢🐢'))).toBe(false);
  });

  it('is sent, and a server that stores it whole passes', async () => {
    const { url, spec, sent } = await serve((text) => text);
    const report = await run(url, spec);
    expect(sent.some((text) => text.includes('\u0000'))).toBe(true);
    expect(judged(report)).toEqual([]);
    expect(report.verdict).toBe('certified');
  });

  it('fails a store that cuts the text at the NUL', async () => {
    const { url, spec } = await serve((text) => text.split('\u0000')[0]);
    expect(judged(await run(url, spec))).toEqual(['failure semantics.persistence semantic_violation stored-whole']);
  });

  it('is the field-size-limits gap when refused with the documented 400', async () => {
    const { url, spec, sent } = await serve((text) => (text.includes('\u0000') ? undefined : text));
    const report = await run(url, spec);
    expect(sent.some((text) => text.includes('\u0000'))).toBe(true);
    expect(judged(report)).toEqual(['warning positive field-size-limits']);
    expect(report.verdict).toBe('certified');
  });
});
