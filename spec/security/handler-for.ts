import {
  apiKeyHandler,
  basicHandler,
  bearerHandler,
  type SchemeHandler,
  unsupportedHandler,
} from './handlers/index.js';
import type { SecurityScheme } from './model.js';

const cache = new WeakMap<SecurityScheme, SchemeHandler>();

/**
 * The handler of a scheme: bearer for `http bearer`, `oauth2` and `openIdConnect` (their tokens travel
 * as bearer tokens), basic, apiKey in header / query / cookie, and the unsupported rest.
 */
export function handlerFor(scheme: SecurityScheme): SchemeHandler {
  const cached = cache.get(scheme);
  if (cached) return cached;
  let handler: SchemeHandler;
  switch (scheme.kind) {
    case 'bearer':
    case 'oauth2':
    case 'openIdConnect':
      handler = bearerHandler(scheme);
      break;
    case 'basic':
      handler = basicHandler(scheme);
      break;
    case 'apiKey':
      handler = apiKeyHandler(scheme);
      break;
    default:
      handler = unsupportedHandler(scheme);
  }
  cache.set(scheme, handler);
  return handler;
}
