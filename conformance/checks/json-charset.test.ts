import { describe, expect, it } from 'vitest';
import { charsetOf, checkJsonCharset, checkUtf8Bytes } from './json-charset.js';
import { exchange, response, validCase, verdicts } from './_test-support.js';

const judged = (contentType: string, body = '[{"name":"Émile"}]') =>
  verdicts(
    checkJsonCharset({
      exchange: exchange(validCase('listPets'), response(200, body, { 'content-type': contentType })),
      operation: undefined as never,
    }),
  );

describe('checkJsonCharset', () => {
  it('reads the charset parameter as a token or a quoted string, in any case', () => {
    expect(charsetOf('application/json; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(charsetOf('application/json ; Charset=UTF-8')).toBe('utf-8');
    expect(charsetOf('application/json')).toBeUndefined();
  });

  it('passes JSON without a charset or labelled UTF-8 in any case', () => {
    for (const ct of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8'])
      expect(judged(ct), ct).toEqual([]);
    expect(judged('application/problem+json; charset="utf-8"')).toEqual([]);
  });

  it('fails JSON labelled with another charset (RFC 8259 §8.1: JSON is UTF-8)', () => {
    expect(judged('application/json; charset=iso-8859-1')).toEqual([
      { code: 'protocol_violation', severity: 'failure' },
    ]);
    expect(judged('application/vnd.api+json; charset=windows-1252')).toEqual([
      { code: 'protocol_violation', severity: 'failure' },
    ]);
  });

  it('takes US-ASCII for a body of ASCII only, and leaves other media types alone', () => {
    expect(judged('application/json; charset=us-ascii', '[{"name":"Rex"}]')).toEqual([]);
    expect(judged('application/json; charset=us-ascii')).toEqual([{ code: 'protocol_violation', severity: 'failure' }]);
    expect(judged('text/html; charset=iso-8859-1', '<p>Émile</p>')).toEqual([]);
  });
});

describe('checkUtf8Bytes', () => {
  const bytes = (contentType: string, notUtf8: boolean, method = 'GET') => {
    const base = exchange(validCase('listPets'), response(200, 'Gr\ufffd\ufffde', { 'content-type': contentType }));
    return verdicts(
      checkUtf8Bytes({
        exchange: {
          ...base,
          request: { ...base.request, method },
          response: { ...base.response!, ...(notUtf8 ? { notUtf8: true as const } : {}) },
        } as typeof base,
        operation: undefined as never,
      }),
    );
  };

  it('fails bytes that are not UTF-8 under a UTF-8 label, or in JSON without a label', () => {
    expect(bytes('text/plain; charset=utf-8', true)).toEqual([{ code: 'protocol_violation', severity: 'failure' }]);
    expect(bytes('text/csv;charset="UTF-8"', true)).toEqual([{ code: 'protocol_violation', severity: 'failure' }]);
    expect(bytes('application/json', true)).toEqual([{ code: 'protocol_violation', severity: 'failure' }]);
  });

  it('passes UTF-8 bytes (a U+FFFD the server sent itself included), other labels, unlabelled text and HEAD', () => {
    expect(bytes('text/plain; charset=utf-8', false)).toEqual([]);
    expect(bytes('application/json', false)).toEqual([]);
    expect(bytes('text/plain; charset=iso-8859-1', true)).toEqual([]);
    expect(bytes('text/plain', true)).toEqual([]);
    expect(bytes('text/plain; charset=utf-8', true, 'HEAD')).toEqual([]);
  });
});
