// conformSuccess remembers texts that fit and negotiations it made (issue 23): repeated answers must
// come out exactly as the first, whether they fit, break the schema, or ask for another Accept.
import { beforeAll, expect, it, vi } from 'vitest';
import { type SpecModel, loadSpec } from '../spec/index.js';
import { jsonAnswer } from './answer.js';
import { conformSuccess } from './conform-answer.js';

let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec();
});

const noGenerator = async () => undefined;

it('validates a fitting text once, and answers it unchanged every time', async () => {
  const operation = spec.operation('getPet')!;
  const schema = operation.responseFor(200)!.content['application/json']!.schema!;
  const validate = vi.spyOn(schema, 'validate');
  try {
    const text = '{"id":7,"name":"Cached","categoryId":3,"status":"sold"}';
    const first = await conformSuccess(operation, jsonAnswer(200, text), undefined, noGenerator);
    const second = await conformSuccess(operation, jsonAnswer(200, text), 'application/json', noGenerator);
    expect(first).toEqual({ status: 200, json: text });
    expect(second).toEqual(first);
    expect(validate).toHaveBeenCalledTimes(1);
  } finally {
    validate.mockRestore();
  }
});

it('replaces a breaking text every time, never remembering it as fitting', async () => {
  const operation = spec.operation('getPet')!;
  const broken = '{"id":"not a number"}';
  const first = await conformSuccess(operation, jsonAnswer(200, broken), undefined, noGenerator);
  const second = await conformSuccess(operation, jsonAnswer(200, broken), undefined, noGenerator);
  expect(first.json).not.toBe(broken);
  expect(JSON.parse(first.json!)).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  expect(second).toEqual(first);
});

it('negotiates each Accept on its own: one the response does not declare falls back to JSON', async () => {
  const operation = spec.operation('getPet')!;
  const text = '{"id":8,"name":"Img","categoryId":3}';
  const json = await conformSuccess(operation, jsonAnswer(200, text), 'application/json', noGenerator);
  const image = await conformSuccess(operation, jsonAnswer(200, text), 'image/png', noGenerator);
  const again = await conformSuccess(operation, jsonAnswer(200, text), 'application/json', noGenerator);
  expect(json).toEqual({ status: 200, json: text });
  expect(again).toEqual(json);
  expect(image).toEqual(json);
  expect(await conformSuccess(operation, jsonAnswer(200, text), 'image/png', noGenerator)).toEqual(json);
});
