// A second create with a client-chosen id is refused with 409 only where the operation documents a
// 409 (or a range or default that covers it): elsewhere the spec gives the mock no way to refuse, and
// the create replaces the item (issue 21: amazonaws.com/codeguru-security's CreateScan, whose
// conflicts are an AWS exception status, not a 409).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOnSpec, tempSpecs } from '../_test-support.js';

const specs = tempSpecs();
const shop = (conflict: string) => `
    post:
      requestBody: {required: true, content: {application/json: {schema: {$ref: '#/components/schemas/Shop'}}}}
      responses:
        '201': {description: opened, content: {application/json: {schema: {$ref: '#/components/schemas/Shop'}}}}
${conflict}`;
const SPEC = specs.write(
  'conflicts.yaml',
  `openapi: 3.1.0
info: {title: Conflicts, version: '1'}
paths:
  /shops:${shop("        '409': {description: taken}")}
  /shops/{slug}:
    get:
      parameters: [{name: slug, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: shop, content: {application/json: {schema: {$ref: '#/components/schemas/Shop'}}}}}
  /stalls:${shop("        '481': {description: ConflictException}")}
  /stalls/{slug}:
    get:
      parameters: [{name: slug, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: stall, content: {application/json: {schema: {$ref: '#/components/schemas/Shop'}}}}}
components:
  schemas:
    Shop:
      type: object
      required: [slug, name]
      properties: {slug: {type: string}, name: {type: string}}
`,
);
const t = mockOnSpec(SPEC, specs.remove);

describe('a create that reuses a client-chosen id', () => {
  it('is the 409 the operation documents', async () => {
    await request(t.mock.server).post('/shops').send({ slug: 'kiosk', name: 'First' }).expect(201);
    await request(t.mock.server).post('/shops').send({ slug: 'kiosk', name: 'Again' }).expect(409);
    expect((await request(t.mock.server).get('/shops/kiosk').expect(200)).body).toEqual({
      slug: 'kiosk',
      name: 'First',
    });
  });

  it('replaces the item where the operation documents no 409', async () => {
    await request(t.mock.server).post('/stalls').send({ slug: 'corner', name: 'First' }).expect(201);
    const again = await request(t.mock.server).post('/stalls').send({ slug: 'corner', name: 'Again' }).expect(201);
    expect(again.body).toEqual({ slug: 'corner', name: 'Again' });
    expect((await request(t.mock.server).get('/stalls/corner').expect(200)).body).toEqual({
      slug: 'corner',
      name: 'Again',
    });
  });
});
