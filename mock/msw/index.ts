/**
 * The stateful mock as Mock Service Worker handlers: a frontend's unit tests (vitest with jsdom,
 * Node's `setupServer`) talk to the same mock as `npm start`, with no port and no process.
 * @packageDocumentation
 */
export { createMswMock, DEFAULT_MSW_ORIGIN } from './create-msw-mock.js';
export type { MswMock, MswMockOptions } from './create-msw-mock.js';
