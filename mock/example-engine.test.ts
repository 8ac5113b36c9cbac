import { beforeAll, describe, expect, it } from 'vitest';
import { type SpecModel, loadSpec } from '../spec/index.js';
import { createExampleEngine } from './example-engine.js';

// The browser's stand-in for Prism: answers from the spec's examples and schemas.
describe('the example engine', () => {
  let spec: SpecModel;
  beforeAll(async () => {
    spec = await loadSpec();
  });
  const request = { path: '/pets', query: {}, headers: {}, body: undefined };

  it('answers the lowest 2xx with its first example, or the preferred status and named example', async () => {
    const engine = createExampleEngine(spec, { dynamic: false });
    const list = spec.operation('listPets')!;
    const plain = await engine.answer(list, request, undefined);
    expect(plain).toMatchObject({ ok: true, status: 200 });
    expect(plain.ok && plain.body).toEqual(Object.values(list.responses['200']!.examples)[0]);
    const create = spec.operation('createPet')!;
    const [exampleKey, example] = Object.entries(create.responses['400']!.examples)[0]!;
    expect(await engine.answer(create, request, { code: 400, exampleKey })).toEqual({
      ok: true,
      status: 400,
      body: example,
      headers: {},
    });
    const unknown = await engine.answer(create, request, { code: 400, exampleKey: 'no-such-example' });
    expect(unknown).toMatchObject({
      ok: false,
      internal: false,
      error: { status: 400, code: 'prefer_not_documented' },
    });
  });

  it('builds a body from the schema when dynamic', async () => {
    const engine = createExampleEngine(spec, { dynamic: true });
    const one = spec.operation('getPet')!;
    const answer = await engine.answer(one, request, undefined);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.body).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(one.responses['200']!.schema!.validate(answer.body).ok).toBe(true);
  });
});
