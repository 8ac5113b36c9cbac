import { afterEach, describe, expect, it } from 'vitest';
import { api as todos } from '../../fixtures/apis/todos/index.js';
import { startTodos } from '../../fixtures/apis/todos/server.js';
import { readHar } from '../../proxy/har.js';
import { recordAppSession } from '../../proxy/_test-support.js';
import { loadSpec } from '../../spec/index.js';
import { ordinaryParts } from '../generate/index.js';
import { withRecordedExamples } from './recorded-examples.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

describe('recorded traffic as seeds for generation', () => {
  it('puts what clients sent first among the examples, so the ordinary request is the recorded one', async () => {
    const upstream = await startTodos();
    open.push(upstream);
    const { har } = await recordAppSession(upstream.url);
    const spec = await loadSpec(todos.specFile);
    const seeded = withRecordedExamples(spec, readHar(har));

    const list = seeded.operation('listTodos')!;
    expect(list.parameters.find((p) => p.name === 'limit')!.examples[0]).toBe(10);
    const create = seeded.operation('createTodo')!;
    expect(Object.values(create.requestBody!.examples).slice(0, 2)).toEqual([
      { title: 'Water the plants', priority: 3 },
      { title: 'Feed the cat' },
    ]);
    expect(ordinaryParts(create, {}, 1).body).toEqual({ title: 'Water the plants', priority: 3 });
    const read = seeded.operation('getTodo')!;
    const recordedId = read.parameters[0]!.examples[0];
    expect(recordedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ordinaryParts(read, {}, 1).pathParams.todoId).toBe(recordedId);
    // The model keeps working (routing, responses), and the loaded one is left as it was.
    expect(read.matchPath(`/todos/${String(recordedId)}`)).toEqual({ todoId: recordedId });
    expect(seeded.operations).toHaveLength(spec.operations.length);
    const limit = (model: typeof spec) => model.operation('listTodos')!.parameters.find((p) => p.name === 'limit')!;
    expect(limit(seeded).examples).toEqual([10, ...limit(spec).examples]);
    expect(spec.operation('getTodo')!.parameters[0]!.examples).not.toContain(recordedId);
    // No credential is ever a seed.
    expect(JSON.stringify(seeded.operations.map((o) => o.parameters.map((p) => p.examples)))).not.toContain('todo-key');
  });
});
