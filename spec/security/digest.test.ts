import { createHash, timingSafeEqual as nodeTimingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './_internals/sha256.js';
import { digest, matchesAny } from './_internals/digest.js';
import { timingSafeEqual } from './_internals/timing-safe-equal.js';
import { base64OfBytes, base64OfText, bytesOfBase64 } from './_internals/base64.js';

// The browser has no node:crypto: its SHA-256 is plain JavaScript, and must be the same digest.
describe('digests without node:crypto', () => {
  it('sha256 gives the digest node:crypto gives, for every length across two blocks and beyond', () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n * 7) & 255);
      expect([n, Buffer.from(sha256(bytes)).toString('hex')]).toEqual([
        n,
        createHash('sha256').update(bytes).digest('hex'),
      ]);
    }
    const text = 'clé-ünïcode 🐾'.repeat(40);
    expect(Buffer.from(sha256(new TextEncoder().encode(text))).toString('hex')).toBe(
      createHash('sha256').update(text, 'utf8').digest('hex'),
    );
  });

  it('in Node, keys are digested and compared by node:crypto itself', () => {
    expect(timingSafeEqual).toBe(nodeTimingSafeEqual);
    expect(Buffer.from(digest('dev-key')).toString('hex')).toBe(createHash('sha256').update('dev-key').digest('hex'));
    expect(matchesAny('dev-key', [digest('other'), digest('dev-key')])).toBe(true);
    expect(matchesAny('dev-keyx', [digest('other'), digest('dev-key')])).toBe(false);
  });

  it('remembers an accepted credential per list of keys only, and never a refused one', () => {
    const keys = [digest('key-a'), digest('key-b')];
    const others = [digest('key-c')];
    for (let round = 0; round < 3; round++) {
      expect(matchesAny('key-a', keys)).toBe(true);
      expect(matchesAny('key-a', others)).toBe(false);
      expect(matchesAny('key-c', keys)).toBe(false);
      expect(matchesAny('key-c', others)).toBe(true);
      expect(matchesAny('key-a ', keys)).toBe(false);
    }
  });

  it('base64 without Buffer: the same text, and only canonical base64 decodes back to itself', () => {
    for (const text of ['dev:dev-key', 'x-access-token:k', 'clé:ünï', '', 'a', 'ab']) {
      expect(base64OfText(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
      const bytes = bytesOfBase64(base64OfText(text));
      expect(bytes && new TextDecoder().decode(bytes)).toBe(text);
    }
    expect(bytesOfBase64('a*b')).toBeUndefined();
    const odd = bytesOfBase64('abd=');
    expect(odd && base64OfBytes(odd)).not.toBe('abd=');
  });
});
