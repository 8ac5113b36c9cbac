// A small OpenAPI document of one collection (`/things`) for the generic probes' tests: a page size
// and an offset, an enum filter the creation can set, integer ids.
import { specFromDocument } from '../../../../spec/index.js';
import type { SpecModel } from '../../../../spec/index.js';

const thing = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    state: { type: 'string', enum: ['draft', 'live', 'retired'] },
  },
};
const newThing = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, state: { type: 'string', enum: ['draft', 'live', 'retired'] } },
};
const error = { description: 'error', content: { 'application/json': { schema: { type: 'object' } } } };

/**
 * The things API, with `page` ('offset', a page number from `pageMinimum` (1 by default), or a `cursor`
 * taken from the answer's `nextCursor`, its items then under `items`) and the state
 * filter's default as given; `below` adds `DELETE /things/{thingId}` and `GET /things/{thingId}/summary`;
 * `form` makes the creation an HTML form body (`application/x-www-form-urlencoded`, example name `Rex the dog`);
 * `idInBody` has the creation's body declare an optional integer `id` (one schema for POST and GET);
 * `action` adds `POST /things/{thingId}/retire`, answering the thing retired; `securedDelete` makes
 * the deletion (with `below`) need a bearer token, `securedAction` the action; `deleteNotFound` words the deletion's 404 as "not found";
 * `updateNotFound` adds `PATCH /things/{thingId}` whose 404 is worded so.
 */
export function thingsSpec(
  options: {
    page?: 'offset' | 'page' | 'cursor';
    pageMinimum?: number;
    stateDefault?: string;
    below?: boolean;
    form?: boolean;
    idInBody?: boolean;
    action?: boolean;
    securedDelete?: boolean;
    securedAction?: boolean;
    deleteNotFound?: boolean;
    updateNotFound?: boolean;
    readNotFound?: boolean;
  } = {},
): SpecModel {
  const idParameter = [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }];
  const page = options.page ?? 'offset';
  return specFromDocument({
    openapi: '3.0.3',
    info: { title: 'Things', version: '1.0.0' },
    ...(options.securedDelete || options.securedAction
      ? { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } }
      : {}),
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
            page === 'cursor'
              ? { name: 'cursor', in: 'query', schema: { type: 'string' } }
              : {
                  name: page,
                  in: 'query',
                  schema: { type: 'integer', minimum: options.pageMinimum ?? (page === 'offset' ? 0 : 1) },
                },
            {
              name: 'state',
              in: 'query',
              schema: {
                type: 'string',
                enum: ['draft', 'live', 'retired'],
                ...(options.stateDefault ? { default: options.stateDefault } : {}),
              },
            },
          ],
          responses: {
            '200': {
              description: 'things',
              content: {
                'application/json': {
                  schema:
                    page === 'cursor'
                      ? {
                          type: 'object',
                          required: ['items'],
                          properties: {
                            items: { type: 'array', items: thing },
                            nextCursor: { type: 'string', nullable: true },
                          },
                        }
                      : { type: 'array', items: thing },
                },
              },
            },
          },
        },
        post: {
          operationId: 'createThing',
          requestBody: {
            required: true,
            content: options.form
              ? { 'application/x-www-form-urlencoded': { schema: newThing, example: { name: 'Rex the dog' } } }
              : {
                  'application/json': {
                    schema: options.idInBody
                      ? { ...newThing, properties: { id: { type: 'integer' }, ...newThing.properties } }
                      : newThing,
                  },
                },
          },
          responses: {
            '201': { description: 'created', content: { 'application/json': { schema: thing } } },
            '400': error,
          },
        },
      },
      '/things/{thingId}': {
        get: {
          operationId: 'getThing',
          parameters: idParameter,
          responses: {
            '200': { description: 'thing', content: { 'application/json': { schema: thing } } },
            '404': options.readNotFound ? { ...error, description: 'No thing with that id: not found.' } : error,
          },
        },
        ...(options.updateNotFound
          ? {
              patch: {
                operationId: 'updateThing',
                parameters: idParameter,
                requestBody: { required: true, content: { 'application/json': { schema: newThing } } },
                responses: {
                  '200': { description: 'updated', content: { 'application/json': { schema: thing } } },
                  '404': { ...error, description: 'No thing with that id: not found.' },
                },
              },
            }
          : {}),
        ...(options.below
          ? {
              delete: {
                operationId: 'deleteThing',
                ...(options.securedDelete ? { security: [{ bearer: [] }] } : {}),
                parameters: idParameter,
                responses: {
                  '204': { description: 'deleted' },
                  '404': options.deleteNotFound
                    ? { ...error, description: 'No thing with that id: not found.' }
                    : error,
                },
              },
            }
          : {}),
      },
      ...(options.action
        ? {
            '/things/{thingId}/retire': {
              post: {
                operationId: 'retireThing',
                ...(options.securedAction ? { security: [{ bearer: [] }] } : {}),
                parameters: idParameter,
                responses: {
                  '200': { description: 'retired', content: { 'application/json': { schema: thing } } },
                  '404': error,
                },
              },
            },
          }
        : {}),
      // With `below`: a deletion, and a rendering of one thing below its item path.
      ...(options.below
        ? {
            '/things/{thingId}/summary': {
              get: {
                operationId: 'getThingSummary',
                parameters: idParameter,
                responses: {
                  '200': { description: 'summary', content: { 'text/plain': { schema: { type: 'string' } } } },
                  '404': error,
                },
              },
            },
          }
        : {}),
    },
  });
}
