// The router picks the most specific template: AWS specs in the APIs.guru directory give an action its
// own path with a literal suffix (`/tags/{resourceArn}#tagKeys` beside `/tags/{resourceArn}`), which the
// shorter template's parameter would otherwise swallow (issue 21: amazonaws.com/appflow's UntagResource).
import fc from 'fast-check';
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

// The radix tree only finds candidates: whichever template it prefers, the answer must be the
// ranking's (fewer parameters first, then more literal text, then the spec's order), also where
// templates overlap, mix text with parameters, or hold characters the tree reads as syntax.
describe('the tree agrees with the ranking', () => {
  const templates = [
    '/a',
    '/a/',
    '/a/b',
    '/a/{x}',
    '/{y}/b',
    '/{y}/{z}',
    '/a/{x}/c',
    '/a/b/{z}',
    '/{y}.json',
    '/a/{x}.json',
    '/files/{name}#meta',
    '/c/{x}/{y}',
    '/c/d/e',
    '/a:b/{x}',
    '/caf%C3%A9/{x}',
    '/{w}',
  ];
  let ambiguous: SpecModel;
  beforeAll(async () => {
    const paths = templates
      .map((template) => {
        const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const parameters = names
          .map((n) => `{name: ${n}, in: path, required: true, schema: {type: string}}`)
          .join(', ');
        const id = template.replace(/[^A-Za-z0-9]/g, '_');
        return `  '${template}':\n    get: {operationId: get${id}, parameters: [${parameters}], responses: {'200': {description: ok}}}`;
      })
      .join('\n');
    ambiguous = await loadSpec(
      specs.write(
        'ambiguous.yaml',
        `openapi: 3.0.3\ninfo: {title: Ambiguous, version: '1'}\nservers: [{url: /v1}]\npaths:\n${paths}\n`,
      ),
    );
  });

  /** The documented rule, written out plainly: the first matching template in rank order. */
  function expected(path: string): string | undefined {
    const shape = (t: string) => t.replace(/\{[^{}]+\}/g, '{}');
    const count = (t: string) => (shape(t).match(/\{/g) ?? []).length;
    const literal = (t: string) => shape(t).replace(/\{\}/g, '').length;
    const ordered = [...ambiguous.operations].sort(
      (a, b) => count(a.path) - count(b.path) || literal(b.path) - literal(a.path),
    );
    return ordered.find((op) => op.matchPath(path) !== undefined)?.operationId;
  }

  it('routes every path to the operation the ranking picks', () => {
    const segment = fc.constantFrom(
      'a',
      'b',
      'c',
      'd',
      'e',
      'x.json',
      'files',
      'y#meta',
      'a:b',
      'caf%C3%A9',
      '%41',
      '',
      'b%2Fc',
      'p%zz',
    );
    const router = createRouter(ambiguous);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), (segments, slash) => {
        const path = `/${segments.join('/')}${slash ? '/' : ''}`;
        const routed = router.route('GET', `/v1${path}`);
        const want = expected(path);
        if (want === undefined) expect(routed.ok || routed.error.status).toBe(404);
        else if (routed.ok) expect(routed.operation.operationId).toBe(want);
        // A matched template whose raw value is bad percent-encoding is refused, not routed elsewhere.
        else expect(routed.error.status).toBe(400);
      }),
      { seed: 23, numRuns: 2_000 },
    );
  });
});
