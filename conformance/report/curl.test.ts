import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../findings/index.js';
import { joinUrl, renderCurl } from './curl.js';

const BASE = 'http://127.0.0.1:4010/v1';
const KEY = 'sk_live_9f8e7d6c5b4a';

/**
 * Runs the command in bash with `curl` replaced by a function that prints each argument followed by a
 * NUL, then what it read on stdin. Returns the arguments as bash saw them.
 */
function runInBash(command: string): { args: string[]; stdin: string } {
  const script = `set -eu\ncurl() { printf '%s\\0' "$@"; printf 'STDIN:'; if [ ! -t 0 ]; then cat; fi; }\n${command}\n`;
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', API_KEY: KEY },
    input: '',
    encoding: 'utf8',
  });
  const at = out.lastIndexOf('STDIN:');
  return { args: out.slice(0, at).split('\0').slice(0, -1), stdin: out.slice(at + 'STDIN:'.length) };
}

function header(args: string[], name: string): string | undefined {
  const values = args.filter((_, i) => args[i - 1] === '-H');
  return values.find((v) => v.toLowerCase().startsWith(name.toLowerCase()));
}

const post = (body: string, headers: Record<string, string> = {}): RequestRecord => ({
  method: 'POST',
  path: '/pets',
  headers: { Authorization: 'Bearer $API_KEY', 'Content-Type': 'application/json', ...headers },
  body,
});

describe('renderCurl', () => {
  it('writes the Authorization header as "Authorization: Bearer $API_KEY" and bash expands it', () => {
    const cmd = renderCurl(
      { method: 'GET', path: '/pets?limit=5', headers: { Authorization: 'Bearer $API_KEY' } },
      BASE,
    );
    expect(cmd).toContain('-H "Authorization: Bearer $API_KEY"');
    expect(cmd).not.toContain(KEY);
    const { args } = runInBash(cmd);
    expect(args).toEqual(['-i', `${BASE}/pets?limit=5`, '-H', `Authorization: Bearer ${KEY}`]);
  });

  it.each([
    ['quotes', `{"name":"O'Brien \\"Bud\\"","categoryId":1}`],
    ['newlines', '{"name":"line1\nline2 end\n"}'],
    ['shell metacharacters', '{"name":"$(rm -rf /) `id` $HOME ${X} !! \\\\ \\n %s"}'],
    ['unicode and astral characters', '{"name":"Ünïcödé 🐕‍🦺 𝔘 日本"}'],
    ['only quotes', "''''"],
    ['an empty body', ''],
  ])('sends a body with %s byte for byte', (_, body) => {
    const { args } = runInBash(renderCurl(post(body), BASE));
    const i = args.indexOf('--data-raw');
    expect(i).toBeGreaterThan(0);
    expect(Buffer.from(args[i + 1] ?? '', 'utf8')).toEqual(Buffer.from(body, 'utf8'));
    expect(args.slice(0, 4)).toEqual(['-i', '-X', 'POST', `${BASE}/pets`]);
  });

  it.each([
    ['a NUL byte', '{"name":"a\0b%s\\0 it\'s"}'],
    ['CR, ESC, BEL and C1 controls', '{"n":"x\r\n\u001b[31m\u0007\u009b ü 🐕 %% \\\\"}'],
  ])('pipes a body holding %s from printf, byte for byte, showing no raw control character', (_, body) => {
    const cmd = renderCurl(post(body), BASE);
    expect(cmd.split('\n')[0]).toMatch(/^# Escaped: a terminal or a copy-paste rewrites .* in the body;/);
    expect(cmd.split('\n')[1]!.startsWith('printf ')).toBe(true);
    expect(cmd).not.toMatch(/[\0-\x08\x0b-\x1f\x7f-\x9f]/);
    const { args, stdin } = runInBash(cmd);
    expect(args).toContain('--data-binary');
    expect(args).toContain('@-');
    expect(stdin).toBe(body);
  });

  it('passes every header value literally, whatever it holds', () => {
    const weird = `it's "quoted" $HOME \`id\` !x \\ ünï`;
    const { args } = runInBash(renderCurl(post('{}', { 'X-Weird': weird }), BASE));
    expect(header(args, 'X-Weird')).toBe(`X-Weird: ${weird}`);
  });

  it('keeps $API_KEY a variable even next to characters special in double quotes', () => {
    const cmd = renderCurl({ method: 'GET', path: '/pets', headers: { Authorization: 'Basic "$API_KEY"!' } }, BASE);
    expect(runInBash(cmd).args).toContain(`Authorization: Basic "${KEY}"!`);
    const glued = renderCurl({ method: 'GET', path: '/pets', headers: { Authorization: 'Bearer $API_KEYx' } }, BASE);
    expect(runInBash(glued).args).toContain(`Authorization: Bearer ${KEY}x`);
  });

  it('replaces a leaked key by $API_KEY instead of writing it', () => {
    const cmd = renderCurl(
      { method: 'POST', path: `/pets?k=${KEY}`, headers: { Authorization: `Bearer ${KEY}` }, body: `{"n":"${KEY}"}` },
      BASE,
      { secrets: [KEY] },
    );
    expect(cmd).not.toContain(KEY);
    expect(cmd).toContain('"Authorization: Bearer $API_KEY"');
  });

  it('sends an empty header as empty and keeps curl from adding a Content-Type the request did not have', () => {
    const { args } = runInBash(
      renderCurl({ method: 'POST', path: '/pets', headers: { Authorization: '' }, body: '{}' }, BASE),
    );
    expect(header(args, 'Authorization')).toBe('Authorization;');
    expect(header(args, 'Content-Type')).toBe('Content-Type:');
  });

  it('leaves out headers curl computes, and globbing characters do not glob', () => {
    const cmd = renderCurl(
      {
        method: 'GET',
        path: '/pets?status[]={a,b}',
        headers: { Host: 'x', 'Content-Length': '3', Accept: 'application/json' },
      },
      BASE,
    );
    const { args } = runInBash(cmd);
    expect(args).toEqual(['-i', '--globoff', `${BASE}/pets?status[]={a,b}`, '-H', 'Accept: application/json']);
  });

  it('uses -X for methods other than GET, and --head for HEAD', () => {
    expect(runInBash(renderCurl({ method: 'delete', path: '/pets/1', headers: {} }, BASE)).args).toEqual([
      '-i',
      '-X',
      'DELETE',
      `${BASE}/pets/1`,
    ]);
    expect(runInBash(renderCurl({ method: 'HEAD', path: '/pets', headers: {} }, BASE)).args).toEqual([
      '-i',
      '--head',
      `${BASE}/pets`,
    ]);
  });
});

describe('joinUrl', () => {
  it('joins with exactly one slash', () => {
    expect(joinUrl('http://h/v1/', '/pets')).toBe('http://h/v1/pets');
    expect(joinUrl('http://h/v1', 'pets')).toBe('http://h/v1/pets');
  });
});
