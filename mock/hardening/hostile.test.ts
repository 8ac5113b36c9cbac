/**
 * Hostile input: every case gets a 4xx with the contract's Error body (or, where the request is in
 * fact valid, a normal answer), and the mock keeps serving. Raw sockets, so nothing is normalised by a
 * client on the way. Loopback only, bounded in count and size.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, type TestMock, isErrorBody, startTestMock } from '../_test-support.js';
import { type RawAnswer, parseAnswer, rawExchange, rawRequest } from './_raw.js';

let t: TestMock;
let port: number;

beforeAll(async () => {
  t = await startTestMock({ quiet: true });
  port = Number(new URL(t.base).port);
});
afterAll(async () => {
  await t.close();
});

const JSON_HEADERS = { Authorization: AUTH, 'Content-Type': 'application/json' };

function send(
  method: string,
  target: string,
  headers: Record<string, string> = { Authorization: AUTH },
  body?: string | Buffer,
): Promise<RawAnswer> {
  return rawExchange(port, rawRequest(method, target, headers, body));
}

/** Asserts a 4xx answer carrying the Error body for that status, and returns its code. */
function expectError(answer: RawAnswer, status: number): string {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body) as { code: string };
  expect(isErrorBody(body, status)).toBe(true);
  return body.code;
}

async function expectServing(): Promise<void> {
  const res = await fetch(`${t.base}/v1/pets?limit=1`, { headers: { Authorization: AUTH } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('hostile bodies', () => {
  it('deeply nested JSON (100,000 levels of arrays, 50,000 of objects) is a 400, not a stack overflow', async () => {
    const arrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(expectError(await send('POST', '/v1/pets', JSON_HEADERS, arrays), 400)).toBe('invalid_body');
    const objects = `{"name":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)},"categoryId":1}`;
    expect(expectError(await send('POST', '/v1/pets', JSON_HEADERS, objects), 400)).toBe('invalid_body');
    await expectServing();
  });

  it('invalid UTF-8 in a JSON body is a 400 malformed_json', async () => {
    const body = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('","categoryId":1}'),
    ]);
    expect(expectError(await send('POST', '/v1/pets', JSON_HEADERS, body), 400)).toBe('malformed_json');
    // An overlong encoding of "/" and a lone surrogate half are refused as well.
    const overlong = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
      Buffer.from('","categoryId":1}'),
    ]);
    expect(expectError(await send('POST', '/v1/pets', JSON_HEADERS, overlong), 400)).toBe('malformed_json');
    await expectServing();
  });

  it('a __proto__ or constructor key in the body pollutes nothing', async () => {
    const body =
      '{"name":"Pol","categoryId":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const answer = await send('POST', '/v1/pets', JSON_HEADERS, body);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ id: expect.any(Number), name: 'Pol', categoryId: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a body over the limit is refused with 413 as soon as the limit is passed, without reading it all', async () => {
    for (const chunked of [false, true]) {
      const total = 64 * 1024 * 1024;
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined); // the mock closes the connection while we still write
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.write(
        `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\n` +
          `${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`}\r\n\r\n`,
      );
      const piece = Buffer.alloc(64 * 1024, 0x20);
      const frame = chunked
        ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
        : piece;
      let written = 0;
      // events.once rejects on 'error' (EPIPE once the mock closes): listen for close plainly.
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // Write as fast as the socket drains, until the whole body is sent or the mock closes on us.
      while (written < total && !socket.destroyed) {
        written += piece.length;
        if (!socket.write(frame)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
      }
      await closed;
      const text = Buffer.concat(received).toString('utf8');
      const answer = parseAnswer(text);
      expect(expectError(answer, 413)).toBe('payload_too_large');
      expect(answer.headers.connection).toBe('close');
      // The mock stopped taking the body long before its end.
      expect(written).toBeLessThan(total);
    }
    await expectServing();
  });
});

describe('hostile heads and targets', () => {
  it('hundreds of headers are fine; more than node parses gets 431 with the Error body', async () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`X-Noise-${i}`, 'v']));
    expect((await send('GET', '/v1/pets?limit=1', { Authorization: AUTH, ...many })).status).toBe(200);
    const huge = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`X-Noise-${i}`, 'v'.repeat(20)]));
    const refused = await send('GET', '/v1/pets', { Authorization: AUTH, ...huge });
    expect(expectError(refused, 431)).toBe('invalid_header');
    // Written on the raw socket, it still carries the Date every other answer has (RFC 9110 §6.6.1).
    expect(Number.isNaN(Date.parse(refused.headers.date ?? ''))).toBe(false);
    await expectServing();
  });

  it('very long URLs: a long unknown path is a 404 with a capped message, one past the header limit a 431', async () => {
    const longPath = await send('GET', `/v1/${'a'.repeat(8_000)}`);
    expect(expectError(longPath, 404)).toBe('not_found');
    expect(longPath.body.length).toBeLessThan(400);
    expect(expectError(await send('GET', `/v1/pets?q=${'a'.repeat(100_000)}`), 431)).toBe('invalid_header');
    expect(expectError(await send('GET', `/v1/pets/${'9'.repeat(10_000)}`), 400)).toBe('invalid_parameter');
    await expectServing();
  });

  it('duplicate query parameters are a 400 invalid_parameter', async () => {
    expect(expectError(await send('GET', '/v1/pets?limit=1&limit=2'), 400)).toBe('invalid_parameter');
    expect(expectError(await send('GET', '/v1/pets?status=sold&status=sold'), 400)).toBe('invalid_parameter');
    expect(expectError(await send('GET', '/v1/pets?limit=1&LIMIT=2&limit'), 400)).toBe('invalid_parameter');
  });

  it('path tricks (.., %2e%2e, encoded NUL, bad escapes) are 4xx and never reach the admin reset', async () => {
    const created = await send('POST', '/v1/pets', JSON_HEADERS, '{"name":"Survivor","categoryId":2}');
    const { id } = JSON.parse(created.body) as { id: number };
    const tricks: Array<[string, string, number]> = [
      ['GET', '/v1/../v1/pets', 404],
      ['GET', '/v1/pets/..', 400],
      ['GET', '/v1/pets/../../etc/passwd', 404],
      ['GET', '/v1/%2e%2e/v1/pets', 404],
      ['GET', '/v1/pets/%2e%2e', 400],
      ['GET', '/v1/pets/%2E%2E%2F%2E%2E', 400],
      ['POST', '/v1/pets/../../__mock/reset', 404],
      ['POST', '/v1/%2e%2e/__mock/reset', 404],
      ['POST', '/__mock/reset/..', 404],
      ['POST', '/__mock/%72eset', 404],
      ['GET', '/v1/pets/%00', 400],
      ['GET', '/v1/pets/1%00', 400],
      ['GET', '/v1/pets%00', 404],
      ['GET', '/v1/pets?status=%00', 400],
      ['GET', '/v1/pets?limit=1%00', 400],
      ['GET', '/v1/pets/%zz', 400],
      ['GET', '/v1/pets/%', 400],
      ['GET', '//v1/pets', 404],
      ['GET', '/v1//pets', 404],
      ['GET', '/v1/pets/1;jsessionid=x', 400],
      ['GET', '/V1/PETS', 404],
    ];
    for (const [method, target, status] of tricks) expectError(await send(method, target), status);
    // The pet created before the tricks is still there: none of them reset the store.
    expect((await send('GET', `/v1/pets/${id}`)).status).toBe(200);
    await expectServing();
  });
});

describe('raw malformed HTTP', () => {
  const malformed: Array<[string, string | Buffer]> = [
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['binary', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x0d, 0x0a, 0x0d, 0x0a])],
    ['unknown HTTP version', 'GET /v1/pets HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['unknown method token', 'FOO /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['space in the target', 'GET /v1/pets ?x HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['header without colon', 'GET /v1/pets HTTP/1.1\r\nHost x\r\n\r\n'],
    ['NUL in a header value', 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'],
    ['bare LF line endings mixed with CR', 'GET /v1/pets HTTP/1.1\rHost: x\r\r\n'],
    ['non-numeric Content-Length', 'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    [
      'conflicting Content-Lengths',
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ],
    [
      'Content-Length with Transfer-Encoding',
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'bad chunk size',
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
    ],
    ['obsolete line folding', 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n'],
    ['CONNECT', 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n'],
  ];
  it.each(malformed)('%s gets a 4xx Error body', async (_name, data) => {
    const answer = await rawExchange(port, data);
    expect(answer.status, answer.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectError(answer, answer.status);
  });

  it('a request cut off mid-header gets a 400 Error body; the mock keeps serving', async () => {
    expectError(await rawExchange(port, 'GET /v1/pets HTTP/1.1\r\nHos', { end: true }), 400);
    await expectServing();
  });

  it('a client that resets mid-request, or mid-CONNECT, does not take the mock down', async () => {
    for (const data of [
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
      'CONNECT a:1 HTTP/1.1\r\nHost: a:1\r\n\r\n',
    ]) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await once(socket, 'connect');
      socket.write(data);
      socket.resetAndDestroy();
      await once(socket, 'close');
    }
    await expectServing();
  });
});

describe('slow clients', () => {
  it('a body trickling in a byte at a time holds only its own connection; others are served meanwhile', async () => {
    const body = '{"name":"Slow","categoryId":5}';
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    await once(socket, 'connect');
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    let servedMeanwhile = 0;
    // Each byte goes out only after another client's full request was answered: interleaved by events.
    for (const byte of body) {
      await expectServing();
      servedMeanwhile++;
      socket.write(byte);
    }
    await once(socket, 'close');
    const answer = parseAnswer(Buffer.concat(received).toString('utf8'));
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'Slow', categoryId: 5 });
    expect(servedMeanwhile).toBe(body.length);
  });

  it('node bounds how long a request may take to arrive, and close() does not wait for a trickle beyond its grace', async () => {
    // Node cuts a request still arriving after requestTimeout (300 s) or whose head is not in after headersTimeout (60 s).
    expect(t.mock.server.requestTimeout).toBeGreaterThan(0);
    expect(t.mock.server.headersTimeout).toBeGreaterThan(0);
    const own = await startTestMock({ quiet: true });
    const socket = connect(Number(new URL(own.base).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
    );
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // The body never completes: close() lets it try for its grace period (3 s), then cuts the connection.
    await own.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('many half-sent requests (slowloris) do not stop the mock from serving', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        await once(socket, 'connect');
        socket.write(
          i % 2 === 0
            ? 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Slow: '
            : `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        );
        return socket;
      }),
    );
    try {
      for (let i = 0; i < 20; i++) await expectServing();
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
