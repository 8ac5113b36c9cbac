import { describe, expect, it } from 'vitest';
import { secretScrubber } from './scrub-secrets.js';

const KEY = 'sk-Live-1234567890';
const b64 = (text: string) => Buffer.from(text).toString('base64').replace(/=+$/, '');

describe('secretScrubber', () => {
  it('received: hides every spelling a target may echo, in any case and cut by one', () => {
    const scrub = secretScrubber([KEY], 'received');
    expect(scrub(`a ${KEY} b`)).toBe('a $API_KEY b');
    expect(scrub(KEY.toUpperCase())).toBe('$API_KEY');
    expect(scrub(KEY.slice(0, -1))).toBe('$API_KEY');
    expect(scrub(encodeURIComponent(`${KEY}/`))).toBe('$API_KEY%2F');
    expect(scrub(`Basic ${b64(`${KEY}:`)}`)).toBe('Basic $API_KEY');
    expect(scrub(`Bearer someothertoken12345`)).toBe('Bearer someothertoken12345');
  });

  it('received: leaves keys shorter than 8 characters alone', () => {
    expect(secretScrubber(['abc'], 'received')('abc abcdef')).toBe('abc abcdef');
  });

  it('report: keeps case and cuts, hides short keys as whole values and unknown credentials', () => {
    const scrub = secretScrubber([KEY, 'abc'], 'report');
    expect(scrub(`${KEY}x`)).toBe('$API_KEYx');
    expect(scrub(KEY.toUpperCase())).toBe(KEY.toUpperCase());
    expect(scrub(KEY.slice(0, -1))).toBe(KEY.slice(0, -1));
    expect(scrub('abc abcdef')).toBe('$API_KEY abcdef');
    expect(scrub('Authorization: Bearer eyJhbGciOi.J9x')).toBe('Authorization: Bearer REDACTED');
    expect(scrub('a Bearer token is needed')).toBe('a Bearer token is needed');
  });

  it('report: a short key that is also a word of a header or parameter name leaves the name alone', () => {
    // koa-tsoa-users (held-out set 9): the key `token`, sent in `x-bundle-access-token`.
    const scrub = secretScrubber(['token'], 'report');
    expect(scrub('{"x-bundle-access-token":"token"}')).toBe('{"x-bundle-access-token":"$API_KEY"}');
    expect(scrub("curl -H 'x-bundle-access-token: token' '/users?access_token=token&a.token=1'")).toBe(
      "curl -H 'x-bundle-access-token: $API_KEY' '/users?access_token=$API_KEY&a.token=1'",
    );
  });
});
