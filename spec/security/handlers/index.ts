export { apiKeyHandler } from './api-key.js';
export { basicHandler } from './basic.js';
export { bearerHandler, UNKNOWN_KEY } from './bearer.js';
export type { ChallengeOptions, SchemeHandler } from './handler.js';
export { secretOf } from './handler.js';
export { unsupportedHandler } from './unsupported.js';
