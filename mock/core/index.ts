/**
 * The mock's request handling as data in, data out: no sockets, no streams, no files. Adapters
 * (`server.ts` for `node:http`, `msw/` for Node and the browser) turn their request into a
 * {@link CoreRequest} and deliver the {@link CoreResponse}.
 * @module
 */
export { createMockCore } from './create-mock-core.js';
export { dripPieces, RESPONSE_HEADERS_LIMIT } from './respond.js';
export type { CoreRequest, CoreResponse, Delivery, MockCore, MockCoreConfig } from './types.js';
