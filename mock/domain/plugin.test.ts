/**
 * The mock's domain plug-in hooks, proven with a plug-in no generic file knows: a notes API whose
 * contract (not its spec) says the list is newest first, seeded with one pinned note.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec, type SpecModel } from '../../spec/index.js';
import { resourceModelFor } from '../../spec/resources/index.js';
import { jsonAnswer } from '../answer.js';
import { resolveCoreOptions } from '../core-options.js';
import { type MockCore, createMockCore } from '../core/index.js';
import { createExampleEngine } from '../example-engine.js';
import type { MockDomainPlugin } from './plugin.js';
import { selectMockPlugin } from './select-plugin.js';

const NOTES = fileURLToPath(new URL('../resources/__fixtures__/notes.yaml', import.meta.url));
const PINNED = { id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', text: 'Pinned', tag: 'home' };

/** Newest first: a rule of the notes contract the spec cannot say. */
const notesPlugin: MockDomainPlugin = {
  name: 'notes',
  operations: { listNotes: 'GET /notes', createNote: 'POST /notes' },
  seed: { '/notes': [PINNED] },
  storeAnswer: (operation, _input, answer) => {
    if (operation.operationId !== 'listNotes' || answer.status !== 200 || answer.json === undefined) return answer;
    return jsonAnswer(200, JSON.stringify((JSON.parse(answer.json) as unknown[]).reverse()), answer.headers);
  },
};

function coreOf(spec: SpecModel, plugins: readonly MockDomainPlugin[]): MockCore {
  return createMockCore({
    spec,
    options: resolveCoreOptions({ apiKeys: ['k'], quiet: true }, () => {}, true),
    engine: createExampleEngine,
    resources: { modelFor: (next) => resourceModelFor(next) },
    plugins,
  });
}

async function send(core: MockCore, method: string, url: string, body?: unknown) {
  const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
  const response = await core.handle({
    method,
    url,
    headers: {
      authorization: 'Bearer k',
      ...(bytes ? { 'content-type': 'application/json', 'content-length': String(bytes.length) } : {}),
    },
    ...(bytes ? { body: bytes } : {}),
  });
  return { status: response.status, json: JSON.parse(new TextDecoder().decode(response.body)) as unknown };
}

const texts = (json: unknown) => (json as { text: string }[]).map((n) => n.text);

describe('a domain plug-in of the mock', () => {
  it('applies only to the specs its fingerprint fits', async () => {
    const spec = await loadSpec(NOTES);
    expect(selectMockPlugin(spec, [notesPlugin])).toBe(notesPlugin);
    expect(selectMockPlugin(spec, [{ ...notesPlugin, operations: { listNotes: 'GET /memos' } }])).toBeUndefined();
    expect(selectMockPlugin(spec)).toBeUndefined();
  });

  it('seeds its collections and reworks the store answers its contract shapes', async () => {
    const core = coreOf(await loadSpec(NOTES), [notesPlugin]);
    expect(texts((await send(core, 'GET', '/api/notes?limit=10')).json)).toEqual(['Pinned']);
    expect((await send(core, 'POST', '/api/notes', { text: 'Second' })).status).toBe(201);
    expect((await send(core, 'POST', '/api/notes', { text: 'Third' })).status).toBe(201);
    expect(texts((await send(core, 'GET', '/api/notes?limit=10')).json)).toEqual(['Third', 'Second', 'Pinned']);
    // Reads are the generic store's, untouched by the hook.
    expect((await send(core, 'GET', `/api/notes/${PINNED.id}`)).json).toMatchObject({ text: 'Pinned' });
    core.reset();
    expect(texts((await send(core, 'GET', '/api/notes?limit=10')).json)).toEqual(['Pinned']);
  });

  it('without the plug-in, the generic store seeds from the examples and lists oldest first', async () => {
    const core = coreOf(await loadSpec(NOTES), []);
    expect((await send(core, 'POST', '/api/notes', { text: 'Third' })).status).toBe(201);
    expect(texts((await send(core, 'GET', '/api/notes?limit=10')).json)).toEqual(['Buy milk', 'Call Ann', 'Third']);
  });

  it("checks the plug-in's seed against the item schema, naming the plug-in", async () => {
    const spec = await loadSpec(NOTES);
    expect(() => coreOf(spec, [{ ...notesPlugin, seed: { '/notes': [{ id: PINNED.id, text: '' }] } }])).toThrow(
      /notes plug-in's seed: "\/notes"\[0\] is not a valid item of \/notes/,
    );
  });
});
