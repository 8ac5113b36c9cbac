export { buildRequest, authorizationFor } from './build-request.js';
export type { BuiltRequest } from './build-request.js';
export { createHttpClient } from './http-client.js';
export type { HttpClient, HttpClientOptions } from './http-client.js';
export { createKitCredentials, CredentialError } from './credentials.js';
export type { CredentialInput, KitCredentials } from './credentials.js';
export { principalIds } from './principal-ids.js';
