import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import type { Case } from '../cases/index.js';
import { withPinnedHeaders } from './pinned-headers.js';

// Held-out set 130: a required `profile_id` header names the caller; the user gave `-H profile_id: 1`.
const operation = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'jobs', version: '1' },
  paths: {
    '/jobs/unpaid': {
      get: {
        operationId: 'unpaidJobs',
        parameters: [{ name: 'profile_id', in: 'header', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
}).operation('unpaidJobs')!;
const generated = (kind: Case['kind']): Case => ({
  operationId: 'unpaidJobs',
  family: kind,
  kind,
  pathParams: {},
  query: [],
  headers: { profile_id: '73921' },
  auth: 'valid',
});

describe('withPinnedHeaders', () => {
  it('sends the value the user gave for a header parameter the operation declares', () => {
    expect(withPinnedHeaders(generated('valid'), operation, [['Profile_Id', '1']]).headers).toEqual({
      profile_id: '1',
    });
    expect(withPinnedHeaders(generated('probe'), operation, [['profile_id', '1']]).headers).toEqual({
      profile_id: '1',
    });
  });

  it('leaves invalid cases, values the schema refuses and undeclared headers alone', () => {
    const invalid = generated('invalid');
    expect(withPinnedHeaders(invalid, operation, [['profile_id', '1']])).toBe(invalid);
    const valid = generated('valid');
    expect(withPinnedHeaders(valid, operation, [['profile_id', 'abc']])).toBe(valid);
    expect(withPinnedHeaders(valid, operation, [['x-trace', '1']])).toBe(valid);
  });
});
