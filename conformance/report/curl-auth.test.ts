// Every credential variant the kit sends is shown as shell that rebuilds the real header from
// $API_KEY: running the printed curl command, in a POSIX sh, sends exactly what the kit sent.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BAD_AUTH, GOOD_AUTH } from '../generate/index.js';
import { authPartsOf, authorizationFor } from '../send/build-request.js';
import { handlerFor, type Credential } from '../../spec/security/index.js';
import { renderCurl } from './curl.js';
import { POSIX_SH } from './__fixtures__/posix-sh.js';

function argumentsOf(command: string, apiKey: string): string[] {
  // curl replaced by a function that prints its arguments, one per line.
  return execFileSync(
    POSIX_SH[0],
    [...POSIX_SH.slice(1), '-c', `curl() { for a in "$@"; do printf '%s\\n' "$a"; done; }; ${command}`],
    {
      env: { PATH: process.env.PATH ?? '', API_KEY: apiKey },
    },
  )
    .toString()
    .split('\n');
}

function headerSentBy(command: string, apiKey: string, name = 'authorization'): string | undefined {
  const prefix = new RegExp(`^${name}: `, 'i');
  return argumentsOf(command, apiKey)
    .find((line) => prefix.test(line))
    ?.replace(prefix, '');
}

describe('curl reproducers of every auth variant', () => {
  for (const apiKey of ['Key123abc', 'sk_live_9f8e-7d6c', '1234567890', 'x'.repeat(60)]) {
    it.each([...BAD_AUTH, ...GOOD_AUTH, 'valid' as const])(`%s, key ${apiKey.slice(0, 12)}`, (variant) => {
      const { header, shown, elsewhere } = authorizationFor(variant, apiKey);
      if (elsewhere?.queryShown) {
        const command = renderCurl(
          { method: 'GET', path: `/pets?limit=5&${elsewhere.queryShown}`, headers: {} },
          'http://127.0.0.1:1/v1',
        );
        expect(command).not.toContain(apiKey);
        const query = (elsewhere.query ?? []).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        expect(argumentsOf(command, apiKey)).toContain(`http://127.0.0.1:1/v1/pets?limit=5&${query}`);
      }
      for (const [name, { value, shown: shownValue }] of Object.entries(elsewhere?.headers ?? {})) {
        const command = renderCurl(
          { method: 'GET', path: '/pets', headers: { [name]: shownValue } },
          'http://127.0.0.1:1/v1',
        );
        expect(command).not.toContain(apiKey);
        expect(headerSentBy(command, apiKey, name)).toBe(value);
      }
      if (header === undefined) return;
      const command = renderCurl(
        { method: 'GET', path: '/pets', headers: { authorization: shown! } },
        'http://127.0.0.1:1/v1',
      );
      expect(command).not.toContain(apiKey);
      const sent = headerSentBy(command, apiKey);
      // Reports scrub any literal token to REDACTED: still an unknown key, which is the point.
      if (variant === 'unknown-key') expect(sent).toMatch(/^Bearer (REDACTED|not-a-valid-key-\w+)$/);
      else expect(sent).toBe(header);
    });
  }
});

describe('curl reproducers of every variant of the other schemes', () => {
  const schemes = [
    { kind: 'apiKey', name: 'h', in: 'header', parameter: 'X-API-Key' },
    { kind: 'apiKey', name: 'q', in: 'query', parameter: 'api_key' },
    { kind: 'apiKey', name: 'c', in: 'cookie', parameter: 'session' },
    { kind: 'basic', name: 'b' },
  ] as const;
  const env = { PATH: process.env.PATH ?? '', API_KEY: 'Key123abc!x', BASIC_AUTH: 'ann:pa:ss wörd' };
  const credentialFor = (kind: string): Credential =>
    kind === 'basic'
      ? { kind: 'user-password', user: 'ann', password: 'pa:ss wörd', variable: 'BASIC_AUTH' }
      : { kind: 'secret', value: env.API_KEY, variable: 'API_KEY' };
  for (const scheme of schemes) {
    const handler = handlerFor(scheme);
    it.each([...handler.wrongVariants().map((v) => v.id), 'valid'])(
      `${scheme.kind} ${'in' in scheme ? scheme.in : ''} %s`,
      (id) => {
        const credential = credentialFor(scheme.kind);
        const attachment =
          id === 'valid'
            ? handler.attach(credential)
            : handler
                .wrongVariants()
                .find((v) => v.id === id)!
                .attach(credential);
        const parts = authPartsOf(attachment);
        const headers: Record<string, string> = {};
        if (parts.shown !== undefined) headers.authorization = parts.shown;
        for (const [name, { shown }] of Object.entries(parts.elsewhere?.headers ?? {})) headers[name] = shown;
        const path = `/pets${parts.elsewhere?.queryShown ? `?${parts.elsewhere.queryShown}` : ''}`;
        const command = renderCurl({ method: 'GET', path, headers }, 'http://127.0.0.1:1/v1');
        expect(command).not.toContain('Key123abc');
        expect(command).not.toContain('pa:ss');
        const args = execFileSync(
          POSIX_SH[0],
          [...POSIX_SH.slice(1), '-c', `curl() { for a in "$@"; do printf '%s\\n' "$a"; done; }; ${command}`],
          { env },
        )
          .toString()
          .split('\n');
        if (parts.header !== undefined) expect(args).toContain(`authorization: ${parts.header}`);
        // curl sends `Name;` as an empty header.
        for (const [name, { value }] of Object.entries(parts.elsewhere?.headers ?? {}))
          expect(args).toContain(value === '' ? `${name};` : `${name}: ${value}`);
        const query = (parts.elsewhere?.query ?? []).map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
        if (query) expect(args).toContain(`http://127.0.0.1:1/v1/pets?${query}`);
      },
    );
  }
});
