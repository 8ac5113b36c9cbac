import { DEFAULT_DEV_KEY, DEFAULT_DEV_USER, type KeyPolicy } from './auth.js';
import type { LogSink } from './log.js';
import { DEFAULT_BODY_LIMIT } from './request-input.js';

/** Default bound on the items one collection of the stateful store holds, seed included. */
export const DEFAULT_STORE_CAPACITY = 10_000;

/** How the mock answers valid requests. */
export type MockMode = 'stateful' | 'static' | 'dynamic';

/** The modes, in the order the help text lists them. */
export const MOCK_MODES: readonly MockMode[] = ['stateful', 'static', 'dynamic'];

/** The options of the mock's request handling that read no file and open no socket. */
export interface CoreMockOptions {
  /** Default `stateful`. */
  readonly mode?: MockMode;
  /**
   * Accepted keys: bearer tokens (also OAuth 2.0 and OpenID Connect access tokens) and API keys,
   * wherever the operation's scheme puts them. Default: the development key `dev-key`.
   */
  readonly apiKeys?: readonly string[];
  /** Accepted HTTP Basic users, as `name:password`. Default: `dev:dev-key`. */
  readonly users?: readonly string[];
  /** Accept any well-formed credential of the operation's scheme (any non-empty bearer token, ...). */
  readonly anyKey?: boolean;
  /**
   * Allowed browser origins (echoed back with credentials), or `['*']` (any origin, no credentials).
   * Default: on a loopback host every origin a request carries is echoed back with credentials (a
   * local fake backend must take a browser app's cookies without flags); elsewhere `['*']`.
   */
  readonly corsOrigins?: readonly string[];
  /** Delay added to every answer, in ms. Default 0. */
  readonly delayMs?: number;
  /** Seed for generated data in `dynamic` mode. */
  readonly seed?: string;
  /** Serve `POST /__mock/reset` and the request log. */
  readonly admin?: boolean;
  /** No request log lines. */
  readonly quiet?: boolean;
  /** Most items one collection of the stateful store holds, seed included. Default 10,000. */
  readonly storeCapacity?: number;
  /** Largest accepted request body, in bytes. Default 1 MiB. */
  readonly bodyLimit?: number;
  /** Where log lines go. */
  readonly log?: LogSink;
}

/** {@link CoreMockOptions} with every default applied. */
export interface CoreOptions {
  readonly mode: MockMode;
  readonly keys: KeyPolicy;
  /** True when no key was configured and the development key is in use. */
  readonly devKey: boolean;
  /** The allowed origins, or `'any'`: every request's `Origin` echoed back with credentials. */
  readonly corsOrigins: readonly string[] | 'any';
  readonly delayMs: number;
  readonly seed: string | undefined;
  readonly admin: boolean;
  readonly quiet: boolean;
  readonly storeCapacity: number;
  readonly bodyLimit: number;
  readonly log: LogSink;
}

/**
 * Applies defaults and checks values; throws a plain Error naming the bad option. `admin` and the
 * credentialed CORS default follow `defaultAdmin` (the listening mock: on for loopback hosts only).
 */
export function resolveCoreOptions(options: CoreMockOptions, log: LogSink, defaultAdmin: boolean): CoreOptions {
  const mode = options.mode ?? 'stateful';
  if (!MOCK_MODES.includes(mode)) throw new Error(`mode must be one of ${MOCK_MODES.join(', ')}, got ${String(mode)}`);
  const delayMs = options.delayMs ?? 0;
  if (!Number.isInteger(delayMs) || delayMs < 0)
    throw new Error(`delay must be a non-negative integer (ms), got ${delayMs}`);
  const keys = (options.apiKeys ?? []).filter((k) => k !== '');
  const users = (options.users ?? []).filter((u) => u !== '');
  const badUser = users.find((u) => u.indexOf(':') < 1);
  if (badUser !== undefined) throw new Error(`a user must be written name:password, got "${badUser.split(':')[0]}…"`);
  const storeCapacity = options.storeCapacity ?? DEFAULT_STORE_CAPACITY;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isInteger(storeCapacity) || storeCapacity < 1)
    throw new Error('storeCapacity must be a positive integer');
  if (!Number.isInteger(bodyLimit) || bodyLimit < 1) throw new Error('bodyLimit must be a positive integer');
  const corsOrigins = (options.corsOrigins ?? []).filter((o) => o !== '');
  return {
    mode,
    keys: options.anyKey
      ? { kind: 'any' }
      : {
          kind: 'keys',
          keys: keys.length > 0 ? keys : [DEFAULT_DEV_KEY],
          ...(users.length > 0 || keys.length === 0 ? { users: users.length > 0 ? users : [DEFAULT_DEV_USER] } : {}),
        },
    devKey: !options.anyKey && keys.length === 0,
    corsOrigins: corsOrigins.length > 0 ? corsOrigins : defaultAdmin ? 'any' : ['*'],
    delayMs,
    seed: options.seed,
    admin: options.admin ?? defaultAdmin,
    quiet: options.quiet ?? false,
    storeCapacity,
    bodyLimit,
    log: options.log ?? log,
  };
}
