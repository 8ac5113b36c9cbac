import { describe, expect, it } from 'vitest';
import type { HarEntry } from '../../proxy/har.js';
import { DEFAULT_SPEC_PATH, loadSpec } from '../../spec/index.js';
import type { Case, Exchange } from '../cases/index.js';
import { replayHar } from './replay-har.js';

/** A recorded GET of the spec's list, answered `status`, with these request headers. */
function recorded(status: number, headers: { name: string; value: string }[]): HarEntry {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:4010/v1/pets?limit=5',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers,
      queryString: [{ name: 'limit', value: '5' }],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

describe('HAR replay of recorded refusals', () => {
  it('replays a recorded 401 with a credential the target must refuse, never the recorded one', async () => {
    const spec = await loadSpec(DEFAULT_SPEC_PATH);
    const sent: Case[] = [];
    // A client that records the cases it is asked to send and answers as a correct server would.
    const client = {
      async send(c: Case): Promise<Exchange> {
        sent.push(c);
        const refused = c.auth !== 'valid';
        return {
          case: c,
          request: { method: 'GET', path: '/pets?limit=5', headers: {} },
          response: {
            status: refused ? 401 : 200,
            headers: refused
              ? { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }
              : { 'content-type': 'application/json' },
            bodyText: refused ? '{"code":"unauthorized","message":"no","status":401}' : '[]',
            json: refused ? { code: 'unauthorized', message: 'no', status: 401 } : [],
            durationMs: 1,
            sentAt: 0,
          },
        };
      },
    };
    const replay = await replayHar(
      spec,
      [
        recorded(200, [{ name: 'Authorization', value: 'Bearer [redacted]' }]),
        recorded(401, [{ name: 'Authorization', value: 'Bearer [redacted]' }]),
        recorded(401, []),
      ],
      client,
    );
    expect(sent.map((c) => [c.kind, c.auth])).toEqual([
      ['valid', 'valid'],
      ['auth', 'unknown-key'],
      ['auth', 'none'],
    ]);
    expect(replay.findings.filter((f) => f.severity === 'failure')).toEqual([]);
  });
});
