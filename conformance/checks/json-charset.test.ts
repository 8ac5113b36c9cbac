import { describe, expect, it } from 'vitest';
import { charsetOf, checkJsonCharset } from './json-charset.js';
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
