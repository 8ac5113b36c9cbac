import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, createMockServer } from './server.js';

const fixture = fileURLToPath(new URL('./resources/__fixtures__/queues-xml.yaml', import.meta.url));

describe('errors in the media type the spec documents when it is XML or text (queues-xml.yaml)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ spec: fixture, watch: false, quiet: true, log: () => undefined });
  });
  afterAll(() => mock.close());

  it('an error status the operation does not document takes the XML its errors are documented in', async () => {
    const refused = await request(mock.server)
      .post('/queues')
      .set('Content-Type', 'text/xml')
      .send('<CreateQueue/>')
      .set('X-Mock-Fault', 'status=409');
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(refused.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<Error><Code>[^<]+<\/Code><Message>/);
    expect(refused.text).toContain('<Status>409</Status>');
  });

  it('an XML body is taken as sent (the mock does not read XML), and an empty exploded map is no missing parameter', async () => {
    const created = await request(mock.server)
      .post('/queues')
      .set('Content-Type', 'text/xml')
      .send('<CreateQueue><QueueName>a</QueueName></CreateQueue>');
    expect(created.status).toBe(200);
  });

  it('a documented text/plain error is the message alone, with characters XML would escape kept', async () => {
    const refused = await request(mock.server).get('/notes?n=x');
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(refused.text).not.toMatch(/^[{<]/);
    expect(refused.text).toContain("'n'");
  });
});
