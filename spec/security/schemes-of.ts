import { isObject } from '../json/index.js';
import type { SecurityScheme } from './model.js';

/** One scheme object of `components.securitySchemes` as the model's union member. */
export function schemeOf(name: string, raw: unknown): SecurityScheme {
  if (!isObject(raw)) return { kind: 'unknown', name, type: 'undefined' };
  const type = typeof raw.type === 'string' ? raw.type : 'undefined';
  switch (type) {
    case 'http': {
      // HTTP auth-scheme names are case-insensitive (RFC 9110 §11.1).
      const scheme = typeof raw.scheme === 'string' ? raw.scheme.trim().toLowerCase() : '';
      if (scheme === 'bearer')
        return {
          kind: 'bearer',
          name,
          ...(typeof raw.bearerFormat === 'string' ? { bearerFormat: raw.bearerFormat } : {}),
        };
      if (scheme === 'basic') return { kind: 'basic', name };
      return { kind: 'http', name, scheme: scheme || 'unknown' };
    }
    case 'apiKey': {
      const where = raw.in;
      if (
        (where === 'header' || where === 'query' || where === 'cookie') &&
        typeof raw.name === 'string' &&
        raw.name !== ''
      ) {
        return { kind: 'apiKey', name, in: where, parameter: raw.name };
      }
      return { kind: 'unknown', name, type: 'apiKey' };
    }
    case 'oauth2': {
      const scopes = new Set<string>();
      const tokenUrls = new Set<string>();
      for (const flow of Object.values(isObject(raw.flows) ? raw.flows : {})) {
        if (isObject(flow) && isObject(flow.scopes)) for (const scope of Object.keys(flow.scopes)) scopes.add(scope);
        if (isObject(flow) && typeof flow.tokenUrl === 'string' && flow.tokenUrl !== '') tokenUrls.add(flow.tokenUrl);
      }
      return {
        kind: 'oauth2',
        name,
        scopes: [...scopes],
        ...(tokenUrls.size > 0 ? { tokenUrls: [...tokenUrls] } : {}),
      };
    }
    case 'openIdConnect':
      return { kind: 'openIdConnect', name, url: typeof raw.openIdConnectUrl === 'string' ? raw.openIdConnectUrl : '' };
    case 'mutualTLS':
      return { kind: 'mutualTLS', name };
    default:
      return { kind: 'unknown', name, type };
  }
}

/**
 * The security schemes of a dereferenced OpenAPI 3.0 or 3.1 document, by name, in document order.
 * Malformed entries become `unknown` schemes rather than errors: the rest of the spec stays usable.
 */
export function schemesOf(document: Readonly<Record<string, unknown>>): ReadonlyMap<string, SecurityScheme> {
  const components = isObject(document.components) ? document.components : {};
  const raw = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return new Map(Object.entries(raw).map(([name, scheme]) => [name, schemeOf(name, scheme)]));
}
