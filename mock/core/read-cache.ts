import type { CoreRequest, CoreResponse } from './types.js';

/** A read answered from the store, as the wire got it, with what the log and the request list say of it. */
export interface CachedRead {
  readonly response: CoreResponse;
  readonly status: number;
  readonly reason?: string;
  readonly operationId?: string;
}

/**
 * Answers the store gave to reads, kept while nothing has been written: a frontend polls the same
 * list, and a load test sends one GET again and again (issue 23: the stateful mock at 0.54× a bare
 * node:http server). A kept answer is given again only to the same method, target and headers
 * (credentials, Accept, Origin, conditionals: every header, in the order sent). Every request that
 * is not a read, a reset, a reload or new faults empties it, and an answer decided while anything
 * was written is never kept.
 */
export interface ReadCache {
  /** The key of a request whose answer may be kept: a GET or HEAD; undefined for anything else. */
  keyOf(request: CoreRequest): string | undefined;
  get(key: string): CachedRead | undefined;
  /** The count of changes so far: an answer is kept only if it did not move while it was decided. */
  readonly version: number;
  /** Keeps the answer decided since `version`, unless something changed meanwhile. */
  keep(key: string, version: number, read: CachedRead): void;
  /** Something may have changed what reads answer: every kept answer goes. */
  invalidate(): void;
}

/** Most answers kept at once; past it the cache starts again (clients repeat a few reads). */
const CAPACITY = 512;
/** Most body bytes kept at once, and the largest body kept: a large page is cheap to decide again. */
const BYTE_BUDGET = 16 * 1024 * 1024;
const LARGEST_BODY = 256 * 1024;
/** Longest key kept (a long URL or a large cookie is rare enough to decide each time). */
const LONGEST_KEY = 8 * 1024;

/** Starts an empty cache. */
export function createReadCache(): ReadCache {
  let kept = new Map<string, CachedRead>();
  let keptBytes = 0;
  let version = 0;
  return {
    keyOf(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      let key = `${request.method} ${request.url}`;
      const headers = request.headers;
      for (const name in headers) {
        const value = headers[name];
        key += `\n${name}: ${Array.isArray(value) ? value.join('\n ') : value}`;
      }
      return key.length > LONGEST_KEY ? undefined : key;
    },
    get: (key) => kept.get(key),
    get version() {
      return version;
    },
    keep(key, at, read) {
      const bytes = read.response.body.byteLength;
      if (at !== version || bytes > LARGEST_BODY || kept.has(key)) return;
      if (kept.size >= CAPACITY || keptBytes + bytes > BYTE_BUDGET) {
        kept = new Map();
        keptBytes = 0;
      }
      kept.set(key, read);
      keptBytes += bytes;
    },
    invalidate() {
      version++;
      if (kept.size > 0) {
        kept = new Map();
        keptBytes = 0;
      }
    },
  };
}
