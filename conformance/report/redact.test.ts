import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactText, secretsFromEnv } from './redact.js';

const KEY = 'sk_live_9f8e7d6c5b4a';

describe('redactText', () => {
  it('replaces the secret, URL-encoded or base64-encoded, by $API_KEY', () => {
    const encoded = Buffer.from(KEY).toString('base64').replace(/=+$/, '');
    const text = `key=${KEY} q=${encodeURIComponent('a/b+' + KEY)} b64=${encoded}`;
    const out = redactText(text, [KEY, 'a/b+' + KEY]);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(encoded);
    expect(out).toContain('key=$API_KEY');
  });

  it('replaces any Bearer or Basic credential, in any case of the scheme', () => {
    const out = redactText('Authorization: Bearer abc.DEF-123_x= and basic dXNlcjpwYXNz and BEARER 0123456789abcdef');
    expect(out).toBe(`Authorization: Bearer ${REDACTED} and basic ${REDACTED} and BEARER ${REDACTED}`);
  });

  it('keeps the placeholders and prose about schemes', () => {
    const text = '"Authorization: Bearer $API_KEY" ${API_KEY}; Bearer REDACTED; the Basic scheme; a Bearer token';
    expect(redactText('Bearer ${API_KEY}')).toBe('Bearer ${API_KEY}');
    expect(redactText(text)).toBe(text);
  });

  it('treats a long lowercase word after a scheme as a credential', () => {
    expect(redactText('Bearer averyveryverylongsecret')).toBe(`Bearer ${REDACTED}`);
  });

  it('replaces a credential the target issued: a JSON Web Token, a member or field named for a token (held-out set 101)', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXBhcnQ';
    expect(redactText(`{"access_token":"${jwt}","token_type":"bearer"}`)).toBe(
      `{"access_token":"${REDACTED}","token_type":"bearer"}`,
    );
    // A body kept as JSON text inside the JSON report: its quotes are escaped.
    expect(redactText(String.raw`"body": "{\"refreshToken\": \"r-8f7e6d5c4b3a\", \"expires_in\": 3600}"`)).toBe(
      String.raw`"body": "{\"refreshToken\": \"${REDACTED}\", \"expires_in\": 3600}"`,
    );
    expect(redactText('GET /cb?access_token=abcdef123456&state=x')).toBe(`GET /cb?access_token=${REDACTED}&state=x`);
    expect(redactText(`seen ${jwt} in a message`)).toBe(`seen ${REDACTED} in a message`);
  });

  it('keeps token members that hold no credential: prose, short values, placeholders, a token type', () => {
    const text =
      '{"token":"Rex the dog","session_token":"short","api_token":"$API_KEY","token_type":"bearer0123456789"}';
    expect(redactText(text)).toBe(text);
  });

  it('ignores empty secrets instead of mangling the text', () => {
    expect(redactText('hello', [''])).toBe('hello');
  });

  it('masks a short secret only as a whole value, a long one anywhere', () => {
    expect(redactText('a banana, key=a; "a"', ['a'])).toBe('$API_KEY banana, key=$API_KEY; "$API_KEY"');
    expect(redactText('available', ['a'])).toBe('available');
    expect(redactText(`not-${KEY}x`, [KEY])).toBe('not-$API_KEYx');
  });
});

describe('redact', () => {
  it('scrubs strings at any depth, keys included, and keeps other values', () => {
    const input = { a: [1, true, null, { [`h-${KEY}`]: `Bearer ${KEY}` }], b: { c: `x${KEY}y` }, n: 3 };
    const out = redact(input, [KEY]);
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out).toEqual({ a: [1, true, null, { 'h-$API_KEY': 'Bearer $API_KEY' }], b: { c: 'x$API_KEYy' }, n: 3 });
    expect(input.b.c).toBe(`x${KEY}y`);
  });
});

describe('secretsFromEnv', () => {
  it('takes API_KEY when set', () => {
    expect(secretsFromEnv({ API_KEY: KEY })).toEqual([KEY]);
    expect(secretsFromEnv({ API_KEY: '' })).toEqual([]);
  });

  it('takes the password, the pair and its base64 from CONFORMANCE_BASIC, never the user name alone', () => {
    expect(secretsFromEnv({ CONFORMANCE_BASIC: 'ann:s3cret-pw' })).toEqual([
      's3cret-pw',
      'ann:s3cret-pw',
      Buffer.from('ann:s3cret-pw').toString('base64'),
    ]);
  });
});
