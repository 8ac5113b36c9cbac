import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../spec/index.js';
import { absoluteLocation } from './absolute-location.js';

const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/projects': {
      post: {
        operationId: 'addProject',
        responses: {
          '201': { description: 'created', headers: { location: { schema: { type: 'string', format: 'uri' } } } },
          '202': { description: 'queued', headers: { Location: { schema: { type: 'string' } } } },
        },
      },
    },
  },
});
const op = spec.operation('addProject')!;
const answer = (status: number, location: string) => ({ status, json: undefined, headers: { Location: location } });

describe('absoluteLocation', () => {
  it('a path where the header is documented as a URI gets the request origin in front', () => {
    expect(absoluteLocation(op, answer(201, '/projects/15'), '/projects', '127.0.0.1:4010').headers).toEqual({
      Location: 'http://127.0.0.1:4010/projects/15',
    });
    // A browser's request carries its own origin (https included).
    expect(
      absoluteLocation(op, answer(201, '/projects/15'), 'https://api.example/projects', undefined).headers,
    ).toEqual({ Location: 'https://api.example/projects/15' });
  });

  it('leaves a header documented without format uri, an absolute one, and a request without a host', () => {
    expect(absoluteLocation(op, answer(202, '/projects/15'), '/projects', 'h:1').headers).toEqual({
      Location: '/projects/15',
    });
    expect(absoluteLocation(op, answer(201, 'http://x/p/1'), '/projects', 'h:1').headers).toEqual({
      Location: 'http://x/p/1',
    });
    expect(absoluteLocation(op, answer(201, '/projects/15'), '/projects', undefined).headers).toEqual({
      Location: '/projects/15',
    });
  });
});
