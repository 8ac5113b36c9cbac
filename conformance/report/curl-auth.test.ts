// Every credential variant the kit sends is shown as shell that rebuilds the real header from
// $API_KEY: running the printed curl command sends exactly what the kit sent.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BAD_AUTH, GOOD_AUTH } from '../generate/index.js';
import { authorizationFor } from '../send/index.js';
import { renderCurl } from './curl.js';

function headerSentBy(command: string, apiKey: string): string | undefined {
  // curl replaced by a function that prints its arguments, one per line.
  const out = execFileSync('bash', ['-c', `curl() { for a in "$@"; do printf '%s\\n' "$a"; done; }; ${command}`], { env: { PATH: process.env.PATH ?? '', API_KEY: apiKey } }).toString();
  return out.split('\n').find((line) => /^authorization: /i.test(line))?.replace(/^authorization: /i, '');
}

describe('curl reproducers of every auth variant', () => {
  for (const apiKey of ['Key123abc', 'sk_live_9f8e-7d6c', '1234567890', 'x'.repeat(60)]) {
    it.each([...BAD_AUTH, ...GOOD_AUTH, 'valid' as const])(`%s, key ${apiKey.slice(0, 12)}`, (variant) => {
      const { header, shown } = authorizationFor(variant, apiKey);
      if (header === undefined) return;
      const command = renderCurl({ method: 'GET', path: '/pets', headers: { authorization: shown! } }, 'http://127.0.0.1:1/v1', { multiline: false });
      expect(command).not.toContain(apiKey);
      const sent = headerSentBy(command, apiKey);
      // Reports scrub any literal token to REDACTED: still an unknown key, which is the point.
      if (variant === 'unknown-key') expect(sent).toMatch(/^Bearer (REDACTED|not-a-valid-key-\w+)$/);
      else expect(sent).toBe(header);
    });
  }
});
