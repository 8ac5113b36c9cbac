// The router picks the most specific template: AWS specs in the APIs.guru directory give an action its
// own path with a literal suffix (`/tags/{resourceArn}#tagKeys` beside `/tags/{resourceArn}`), which the
// shorter template's parameter would otherwise swallow (issue 21: amazonaws.com/appflow's UntagResource).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpecModel, loadSpec } from '../spec/index.js';
import { tempSpecs } from './_test-support.js';
import { createRouter } from './router.js';

const specs = tempSpecs();
let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec(
    specs.write(
      'tags.yaml',
      `openapi: 3.0.3
info: {title: Tags, version: '1'}
paths:
  /tags/{resourceArn}:
    get: {operationId: ListTags, parameters: [{name: resourceArn, in: path, required: true, schema: {type: string}}], responses: {'200': {description: ok}}}
    post: {operationId: TagResource, parameters: [{name: resourceArn, in: path, required: true, schema: {type: string}}], responses: {'200': {description: ok}}}
  /tags/{resourceArn}#tagKeys:
    delete:
      operationId: UntagResource
      parameters:
        - {name: resourceArn, in: path, required: true, schema: {type: string}}
        - {name: tagKeys, in: query, required: true, schema: {type: array, items: {type: string}}}
      responses: {'200': {description: ok}}
`,
    ),
  );
});
afterAll(() => specs.remove());

describe('routing among templates with as many parameters', () => {
  it('the template with the longer literal text wins', () => {
    const router = createRouter(spec);
    const untag = router.route('DELETE', '/tags/arn%3Aaws#tagKeys');
    expect(untag.ok && untag.operation.operationId).toBe('UntagResource');
    expect(untag.ok && untag.pathParams).toEqual({ resourceArn: 'arn:aws' });
    const list = router.route('GET', '/tags/arn%3Aaws');
    expect(list.ok && list.operation.operationId).toBe('ListTags');
    expect(router.allowedMethods('/tags/arn#tagKeys')).toEqual(['DELETE']);
  });
});
