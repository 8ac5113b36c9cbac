import { describe, expect, it } from 'vitest';
import { MASKED, maskWriteOnly } from './mask-write-only.js';
import type { JsonSchema } from './model.js';

const account: JsonSchema = {
  type: 'object',
  properties: {
    email: { type: 'string' },
    password: { type: 'string', writeOnly: true },
    pin: { type: 'string', format: 'password' },
    profile: { allOf: [{ type: 'object', properties: { answer: { type: 'string', writeOnly: true } } }] },
    keys: { type: 'array', items: { type: 'object', properties: { secret: { type: 'string', writeOnly: true } } } },
  },
};

describe('maskWriteOnly', () => {
  it('masks writeOnly and password-format members at any depth, and nothing else', () => {
    const sent = {
      email: 'a@b.co',
      password: 'hunter2',
      pin: '1234',
      profile: { answer: 'Rex', city: 'Oslo' },
      keys: [{ secret: 's1', label: 'ci' }],
    };
    expect(maskWriteOnly(account, sent)).toEqual({
      email: 'a@b.co',
      password: MASKED,
      pin: MASKED,
      profile: { answer: MASKED, city: 'Oslo' },
      keys: [{ secret: MASKED, label: 'ci' }],
    });
    expect(sent.password).toBe('hunter2');
  });

  it('gives back the same value when nothing is secret', () => {
    const sent = { email: 'a@b.co', profile: { city: 'Oslo' } };
    expect(maskWriteOnly(account, sent)).toBe(sent);
    expect(maskWriteOnly(undefined, sent)).toBe(sent);
    expect(maskWriteOnly(account, 'text')).toBe('text');
  });
});
