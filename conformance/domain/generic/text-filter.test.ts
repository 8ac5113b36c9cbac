// A text filter the words say ignores case: the podcasts zoo's sem-q-case-sensitive (`q`: "Only
// items whose `title` contains this text, compared case-insensitively") and the clinic zoo's
// sem-name-case-sensitive found nothing when the text came in other letter case.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import type { SequenceContext } from '../rules.js';
import { probeTextFilters } from './text-probes.js';

const show = {
  type: 'object',
  properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' }, host: { type: 'string' } },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'shows', version: '1' },
  paths: {
    '/shows': {
      get: {
        operationId: 'listShows',
        description: '`host`, when given, keeps the shows whose `host` equals it, compared case-insensitively.',
        parameters: [
          {
            name: 'q',
            in: 'query',
            description: 'Only shows whose `title` contains this text, compared case-insensitively.',
            schema: { type: 'string', maxLength: 100 },
          },
          { name: 'host', in: 'query', schema: { type: 'string' } },
          { name: 'tag', in: 'query', description: 'Shows with this `title` tag.', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
        ],
        responses: { '200': { description: 'ok', ...json({ type: 'array', items: show }) } },
      },
      post: {
        operationId: 'createShow',
        requestBody: { required: true, ...json(show) },
        responses: { '201': { description: 'made', ...json(show) } },
      },
    },
    '/shows/{showId}': {
      get: {
        operationId: 'getShow',
        parameters: [{ name: 'showId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok', ...json(show) } },
      },
    },
  },
} as never);
const shows = resourceModelFor(spec).model.collections.find((c) => c.path === '/shows')!;

/** Shows stored with exotic titles first; `caseSensitive` is the planted defect. */
function target(caseSensitive: boolean): SequenceContext & { sent: Case[] } {
  const stored: Record<string, unknown>[] = [{ id: 1, title: '𒾗🤰j', host: 'x' }];
  const sent: Case[] = [];
  return {
    spec,
    readOnly: false,
    sent,
    judge: () => [],
    async send(c: Case) {
      sent.push(c);
      if (c.operationId === 'createShow') {
        const item = { ...(c.body as { value: object }).value, id: stored.length + 1 };
        stored.push(item);
        return jsonExchange(c, 201, item);
      }
      const q = c.query.find(([k]) => k === 'q')?.[1];
      const fold = (v: string) => (caseSensitive ? v : v.toLowerCase());
      const kept = q === undefined ? stored : stored.filter((s) => fold(String(s.title)).includes(fold(q)));
      return jsonExchange(c, 200, kept);
    },
  };
}

describe('text filters the words say ignore case', () => {
  it('are read from the parameter or the operation, naming the members they match', () => {
    expect(shows.texts?.map((t) => [t.parameter, t.members, t.match])).toEqual([
      ['q', ['title'], 'contains'],
      ['host', ['host'], 'equals'],
    ]);
    // `tag` says nothing of case: no text filter, and no equality filter on words alone.
    expect(shows.filters.map((f) => f.parameter)).not.toContain('q');
  });

  it('fail a list that finds an item only in the case it was written, on a plain-text item made for it', async () => {
    const context = target(true);
    const findings = await probeTextFilters(context, spec, shows);
    expect(findings.map((f) => f.severity)).toContain('failure');
    expect(describeFinding(findings[0]!)).toMatch(/filtered by q = "kIT cASE pROBE", the title of the item showId=2/);
    expect(findings[0]!.basis).toMatchObject({ kind: 'spec', pointer: '/paths/~1shows/get/parameters/0/description' });
  });

  it('pass a list that ignores case as its words say', async () => {
    expect(await probeTextFilters(target(false), spec, shows)).toEqual([]);
  });
});
