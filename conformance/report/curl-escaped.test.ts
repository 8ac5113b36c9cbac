import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../findings/index.js';
import { POSIX_SH } from './__fixtures__/posix-sh.js';
import { renderCurl } from './curl.js';
import { rewritableIn } from './_internals/rewritable.js';

const KEY = 'sk_live_9f8e7d6c5b4a';
const run = promisify(execFile);

/** What the echo server read of each request: the raw head (request line and headers) and the body bytes. */
interface Received {
  readonly head: Buffer;
  readonly body: Buffer;
}

/**
 * A raw TCP server that keeps the bytes of each HTTP/1.1 request exactly as they arrived (no HTTP
 * parser in between to trim or decode them) and answers 204.
 */
function echoServer(): { server: Server; received: Received[] } {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let data = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.subarray(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head.toString('latin1'))?.[1] ?? 0);
      if (data.length < end + 4 + length) return;
      received.push({ head, body: data.subarray(end + 4, end + 4 + length) });
      socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
    });
  });
  return { server, received };
}

let base = '';
const echo = echoServer();
beforeAll(async () => {
  await new Promise<void>((resolve) => echo.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(echo.server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => echo.server.close(() => resolve())));

/** Runs a reproducer as pasted into a POSIX sh (curl is the real one) and returns what the server received. */
async function sendThroughSh(command: string): Promise<Received> {
  const before = echo.received.length;
  const [shell, ...flags] = POSIX_SH;
  await run(shell, [...flags, '-c', `set -eu\n${command}\n`], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', API_KEY: KEY },
  });
  expect(echo.received.length).toBe(before + 1);
  return echo.received[before]!;
}

/** The raw bytes of one header line as received: `Name: value`. */
function headerLine(head: Buffer, name: string): Buffer | undefined {
  const lines = head.toString('latin1').split('\r\n');
  const line = lines.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : Buffer.from(line, 'latin1');
}

/** What survives a terminal and a copy-paste: printable ASCII, with no space at the end of a line. */
function survivesTerminal(command: string): boolean {
  return command.split('\n').every((line) => /^[\x20-\x7e]*$/.test(line) && !/[ \t]$/.test(line));
}

const BODIES: [string, string][] = [
  ['a tab', '{"name":"a\tb"}'],
  ['a NUL byte', '{"name":"a\u0000b"}'],
  ['a CR before the newline', '{"name":"a"}\r\n'],
  ['no-break and zero-width spaces', '{"name":"a\u00a0b\u200bc\ufeff"}'],
  ['bidi controls', '{"name":"\u202eevil\u202c \u2066x\u2069"}'],
  ['text not in NFC', '{"name":"Cafe\u0301"}'],
  ['trailing spaces on a line', '{"name":"a",   \n "categoryId":1}  '],
  ['a lone surrogate', '{"name":"\ud83d"}'],
  ['C1 and escape controls', '{"name":"\u001b[2J\u009b\u0085"}'],
];

describe('a reproducer a terminal would rewrite', () => {
  it.each(BODIES)('says the body holds %s and sends its exact bytes from an escaped command', async (_, body) => {
    const request: RequestRecord = {
      method: 'POST',
      path: '/pets',
      headers: { Authorization: 'Bearer $API_KEY', 'Content-Type': 'application/json' },
      body,
    };
    const command = renderCurl(request, base);
    expect(rewritableIn(body).length).toBeGreaterThan(0);
    expect(command.split('\n')[0]).toMatch(/^# Escaped: a terminal or a copy-paste rewrites .+ in the body; /);
    expect(survivesTerminal(command)).toBe(true);
    const got = await sendThroughSh(command);
    // As the kit sent it: UTF-8, a lone surrogate as U+FFFD.
    expect(got.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(headerLine(got.head, 'Authorization')?.toString()).toBe(`Authorization: Bearer ${KEY}`);
  });

  it('sends a header value with a tab, a zero-width space and a trailing space as it was, the key still a variable', async () => {
    const value = 'a\tb\u200bc ';
    const command = renderCurl(
      { method: 'GET', path: '/pets', headers: { 'X-Name': value, Authorization: 'Bearer $API_KEY\u00a0' } },
      base,
    );
    expect(command).toMatch(
      /^# Escaped: .*a tab.* in the X-Name header; .*no-break space.* in the Authorization header;/,
    );
    expect(command).toContain('$API_KEY');
    expect(command).not.toContain(KEY);
    expect(survivesTerminal(command)).toBe(true);
    const got = await sendThroughSh(command);
    expect(headerLine(got.head, 'X-Name')?.equals(Buffer.from(`X-Name: ${value}`, 'utf8'))).toBe(true);
    expect(headerLine(got.head, 'Authorization')?.equals(Buffer.from(`Authorization: Bearer ${KEY}\u00a0`))).toBe(true);
  });

  it('sends a URL with invisible characters as the unescaped command would have', async () => {
    const path = '/pets/1\u200b?name=a\u00a0b';
    const command = renderCurl({ method: 'GET', path, headers: {} }, base);
    expect(command.split('\n')[0]).toMatch(/in the URL; /);
    expect(survivesTerminal(command)).toBe(true);
    const escaped = await sendThroughSh(command);
    // curl itself percent-encodes some of the URL: the escaped word must give curl the same argument.
    const raw = await sendThroughSh(`curl -s '${base}${path}'`);
    const requestLine = (r: Received) => r.head.subarray(0, r.head.indexOf('\r\n'));
    expect(requestLine(escaped).equals(requestLine(raw))).toBe(true);
    expect(requestLine(escaped).toString('latin1')).toContain(Buffer.from('name=a\u00a0b').toString('latin1'));
  });

  it('leaves a request a terminal shows faithfully as it was, with no note', () => {
    const command = renderCurl(
      { method: 'POST', path: '/pets', headers: {}, body: '{"name":"Ünïcödé 🐕‍🦺 日本\\u0000",\n"x":1}' },
      base,
    );
    expect(command).not.toContain('# Escaped');
    expect(command).toContain('--data-raw \'{"name":"Ünïcödé 🐕‍🦺 日本\\u0000",\n"x":1}\'');
  });
});
