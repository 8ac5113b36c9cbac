import { describe, expect, it } from 'vitest';
import { codingAcceptable } from './accept-encoding.js';

describe('codingAcceptable', () => {
  it.each([
    ['gzip, deflate, br', 'gzip', true],
    ['gzip;q=0, identity', 'gzip', false],
    ['gzip; q=0.0, identity', 'gzip', false],
    ['GZIP;Q=0', 'gzip', false],
    ['identity', 'gzip', false],
    ['identity, *;q=0', 'br', false],
    ['*', 'br', true],
    ['*;q=0.1', 'deflate', true],
    ['gzip;q=0, *', 'gzip', false],
    ['gzip;q=0, *', 'br', true],
    ['x-gzip', 'gzip', true],
    ['gzip', 'x-gzip', true],
    ['br;q=1.0, gzip;q=0.8', 'gzip', true],
    ['', 'gzip', false],
  ])('Accept-Encoding %j, coding %s: %s', (accept, coding, expected) => {
    expect(codingAcceptable(accept, coding)).toBe(expected);
  });
});
