import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from './index.js';

/**
 * Independent oracles: Node's own (undici) multipart and form-urlencoded implementations, through the
 * Fetch API's `Response#formData()` and `URLSearchParams`. What we write, they read; what they write,
 * we read.
 */

const fieldString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.string({ unit: fc.constantFrom(' ', '+', '&', '=', '%', '"', '\r\n', '--', 'é', '😀', 'a'), maxLength: 8 }),
);
// WHATWG normalizes bare CR / LF in multipart field values to CRLF, so values use CRLF pairs only.
const fieldName = fc.string({ unit: fc.constantFrom('a', 'b', '_', '-', '1', 'é', ' '), minLength: 1, maxLength: 6 });

describe('multipart/form-data interop with undici (Response#formData)', () => {
  it('undici reads what encodeBody writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fieldName, fieldString, { minKeys: 1, maxKeys: 4 }),
        fc.uint8Array({ maxLength: 32 }),
        async (fields, bytes) => {
          const out = encodeBody(
            'multipart/form-data',
            { ...fields, upload: bytes },
            { type: 'object', properties: { upload: { type: 'string', format: 'binary' } } },
          );
          const form = await new Response(out.body as BodyInit, {
            headers: { 'content-type': out.contentType },
          }).formData();
          for (const [k, v] of Object.entries(fields)) expect(form.get(k)).toBe(v);
          const file = form.get('upload');
          expect(file).toBeInstanceOf(Blob);
          expect(new Uint8Array(await (file as Blob).arrayBuffer())).toEqual(bytes);
        },
      ),
      { seed: 11, numRuns: 100 },
    );
  });

  it('decodeBody reads what undici writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fieldName, fieldString, { minKeys: 1, maxKeys: 4 }),
        fc.uint8Array({ maxLength: 32 }),
        async (fields, bytes) => {
          const form = new FormData();
          for (const [k, v] of Object.entries(fields)) form.append(k, v);
          form.append('upload', new Blob([bytes]), 'x.bin');
          const response = new Response(form);
          const body = new Uint8Array(await response.arrayBuffer());
          const r = decodeBody(response.headers.get('content-type')!, body, {
            type: 'object',
            properties: { upload: { type: 'string', format: 'binary' } },
          });
          expect(r).toEqual({ ok: true, value: { ...fields, upload: bytes } });
        },
      ),
      { seed: 12, numRuns: 100 },
    );
  });
});

describe('application/x-www-form-urlencoded interop with URLSearchParams', () => {
  it('both directions agree for string fields', () => {
    fc.assert(
      fc.property(fc.dictionary(fieldName, fieldString, { minKeys: 1, maxKeys: 4 }), (fields) => {
        const out = encodeBody('application/x-www-form-urlencoded', fields);
        expect(Object.fromEntries(new URLSearchParams(out.body as string))).toEqual(fields);
        expect(decodeBody('application/x-www-form-urlencoded', new URLSearchParams(fields).toString())).toEqual({
          ok: true,
          value: fields,
        });
      }),
      { seed: 13, numRuns: 200 },
    );
  });
});
