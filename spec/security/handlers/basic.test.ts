import { describe, expect, it } from 'vitest';
import { acceptCredentials } from '../accept-credentials.js';
import { USER, request, sent, shellPrints } from '../_internals/test-support.js';
import { basicHandler } from './basic.js';

const handler = basicHandler({ kind: 'basic', name: 'basicAuth' });
const accepted = acceptCredentials({ users: ['alice:pa:ss word'] });
const b64 = (t: string) => Buffer.from(t).toString('base64');

describe('basic handler', () => {
  it('attaches Authorization: Basic, shown from $BASIC_AUTH', () => {
    const [part] = handler.attach(USER).headers;
    expect(part!.value).toBe(`Basic ${b64('alice:pa:ss word')}`);
    expect(part!.shown).toBe(`Basic $(printf '%s' "$BASIC_AUTH" | base64 | tr -d '\\n')`);
  });

  it.each([
    [{}, 'missing'],
    [{ authorization: `Bearer ${b64('alice:pa:ss word')}` }, 'invalid'],
    [{ authorization: 'Basic ' }, 'invalid'],
    [{ authorization: `Basic ${b64('alice:wrong')}` }, 'invalid'],
    [{ authorization: `Basic ${b64('alicepa:ss word').replace(/=+$/, '')}x` }, 'invalid'],
    [{ authorization: `Basic ${b64('alicepass word')}` }, 'invalid'],
    [{ authorization: `Basic *${b64('alice:pa:ss word')}` }, 'invalid'],
  ])('refuses %j (%s)', (headers, outcome) => {
    expect(handler.verify(request(headers), accepted).outcome).toBe(outcome);
  });

  it('accepts the pair with the scheme in any case', () => {
    expect(handler.verify(request({ authorization: `Basic ${b64('alice:pa:ss word')}` }), accepted)).toEqual({
      outcome: 'ok',
    });
    expect(handler.verify(request({ authorization: `basic ${b64('alice:pa:ss word')}` }), accepted)).toEqual({
      outcome: 'ok',
    });
  });

  it('with any: true, accepts any well-formed pair only', () => {
    const any = acceptCredentials({ any: true });
    expect(handler.verify(request({ authorization: `Basic ${b64('x:y')}` }), any).outcome).toBe('ok');
    expect(handler.verify(request({ authorization: `Basic ${b64('xy')}` }), any).outcome).toBe('invalid');
  });

  it('challenges with a realm', () => {
    expect(handler.challenge()).toBe('Basic realm="api", charset="UTF-8"');
    expect(handler.challenge({ realm: 'Animal "Store"' })).toBe('Basic realm="Animal Store", charset="UTF-8"');
  });

  it('derives the matrix: wrong password, unknown user, malformed, no colon, another scheme; lower-case accepted', () => {
    expect(handler.wrongVariants().map((v) => `${v.id}:${v.expect}`)).toEqual([
      'none:refuse',
      'wrong-password:refuse',
      'unknown-user:refuse',
      'malformed-base64:refuse',
      'missing-colon:refuse',
      'empty-credentials:refuse',
      'bearer-password:refuse',
      'valid-lowercase-scheme:accept',
    ]);
    // The right credentials with a stray character decode to themselves in lenient decoders: a
    // lenient form of the valid credential (an advisory unless the spec says such are refused).
    expect(
      handler
        .wrongVariants()
        .filter((v) => v.lenientForm)
        .map((v) => v.id),
    ).toEqual(['malformed-base64']);
  });

  it('every variant gets the verdict it expects, and shows as shell that rebuilds it from $BASIC_AUTH', () => {
    const parts: { id: string; shown: string; value: string }[] = [];
    for (const variant of handler.wrongVariants()) {
      const attachment = variant.attach(USER);
      expect([variant.id, handler.verify(sent(attachment), accepted).outcome === 'ok']).toEqual([
        variant.id,
        variant.expect === 'accept',
      ]);
      for (const part of attachment.headers) parts.push({ id: variant.id, shown: part.shown, value: part.value });
    }
    const out = shellPrints(
      parts.map((p) => p.shown),
      { BASIC_AUTH: 'alice:pa:ss word' },
    );
    expect(parts.map((p, i) => [p.id, out[i]])).toEqual(parts.map((p) => [p.id, p.value]));
    for (const part of parts) expect(part.shown).not.toContain('alice');
  });

  it('masks the password, the pair and its base64, never the user name alone', () => {
    expect(handler.secretsIn(USER)).toEqual(['pa:ss word', 'alice:pa:ss word', b64('alice:pa:ss word')]);
  });
});
