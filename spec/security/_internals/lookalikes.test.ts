import { describe, expect, it } from 'vitest';
import type { Credential } from '../model.js';
import { lookalikeVariants } from './lookalikes.js';
import { headers } from './parts.js';

const put = (value: string, shown: string) => headers({ name: 'authorization', value: `Bearer ${value}`, shown });
const variants = lookalikeVariants(put, (c) => c.variable);
const secret = (value: string): Credential => ({ kind: 'secret', value, variable: 'API_KEY' });
const sent = (id: string, key: string) =>
  variants
    .find((v) => v.id === id)!
    .attach(secret(key))
    .headers.map((h) => `${h.name}: ${h.value}`);

describe('lookalikeVariants', () => {
  it('are all wrong credentials, to be refused', () => {
    expect(variants.map((v) => `${v.id}:${v.expect}`)).toEqual([
      'key-comma-list:refuse',
      'key-punctuation-changed:refuse',
      'key-in-proxy-authorization:refuse',
      'method-override-options:refuse',
      'method-override-head:refuse',
    ]);
  });

  it('send the key as a list, and without its punctuation (or with a hyphen where it has none)', () => {
    expect(sent('key-comma-list', 'animal-store-test-key')).toEqual([
      'authorization: Bearer animal-store-test-key,revoked',
    ]);
    expect(sent('key-punctuation-changed', 'animal-store-test-key')).toEqual([
      'authorization: Bearer animalstoretestkey',
    ]);
    expect(sent('key-punctuation-changed', 'sk_live.9f')).toEqual(['authorization: Bearer sklive9f']);
    expect(sent('key-punctuation-changed', 'Key123abc')).toEqual(['authorization: Bearer K-ey123abc']);
  });

  it('send no credential where the scheme wants it: the key in Proxy-Authorization, or a method override', () => {
    expect(sent('key-in-proxy-authorization', 'k1')).toEqual(['proxy-authorization: Bearer k1']);
    expect(sent('method-override-options', 'k1')).toEqual([
      'x-http-method-override: OPTIONS',
      'x-http-method: OPTIONS',
      'x-method-override: OPTIONS',
    ]);
    expect(sent('method-override-head', 'k1')).toEqual([
      'x-http-method-override: HEAD',
      'x-http-method: HEAD',
      'x-method-override: HEAD',
    ]);
  });
});
