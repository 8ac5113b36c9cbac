// The stateful store lists items in the order the spec's words give the list, and bounds them by the
// range parameters the words describe, as the kit judges them (semantics.order, semantics.filter):
// one inference, spec/resources' `order` and `ranges`, read by both tools.
import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from '../_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'events.yaml',
  `openapi: 3.1.0
info: {title: Events, version: '1'}
paths:
  /events:
    get:
      operationId: listEvents
      description: Every event, sorted by \`startsAt\` ascending.
      parameters:
        - {name: from, in: query, description: Only events whose \`startsAt\` is at or after this instant., schema: {type: string, format: date-time}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Event'}}}}}
    post:
      operationId: createEvent
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Event'}}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Event'}}}}
  /talks:
    get:
      operationId: listTalks
      description: Every talk, in the order they were added.
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Event'}}}}}
    post:
      operationId: createTalk
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Event'}}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Event'}}}}
components:
  schemas:
    Event:
      type: object
      required: [name, startsAt]
      properties: {name: {type: string}, startsAt: {type: string, format: date-time}}
`,
);

const t = mockOnSpec(SPEC, specs.remove);
const STARTS = ['2026-05-01T10:00:00Z', '2026-01-01T10:00:00Z', '2026-03-01T12:00:00+02:00'];

async function createAll(path: string): Promise<void> {
  for (const [i, startsAt] of STARTS.entries()) {
    const created = await fetch(`${t.base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `${path.slice(1)}-${i}`, startsAt }),
    });
    expect(created.status).toBe(201);
  }
}

describe('the stateful store lists in the order the spec states', () => {
  it('sorts by the member and direction the words give', async () => {
    await createAll('/events');
    const listed = (await (await fetch(`${t.base}/events`)).json()) as { name: string }[];
    expect(listed.map((e) => e.name)).toEqual(['events-1', 'events-2', 'events-0']);
  });

  it('keeps only the items a range parameter bounds, compared as instants', async () => {
    const listed = (await (await fetch(`${t.base}/events?from=2026-03-01T10:00:00Z`)).json()) as { name: string }[];
    expect(listed.map((e) => e.name)).toEqual(['events-2', 'events-0']);
  });

  it('keeps the order of creation where the words state no member and direction', async () => {
    await createAll('/talks');
    const listed = (await (await fetch(`${t.base}/talks`)).json()) as { name: string }[];
    expect(listed.map((e) => e.name)).toEqual(['talks-0', 'talks-1', 'talks-2']);
  });
});
