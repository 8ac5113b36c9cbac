import { type MockError, mockError } from './errors.js';

/** The Prism preferences a client can ask for in a `Prefer` header (RFC 7240), as Prism reads them. */
export interface MockPreferences {
  readonly code?: number;
  readonly exampleKey?: string;
  readonly dynamic?: boolean;
  readonly seed?: string;
}

/** Parsed preferences, `undefined` when the header asks for nothing the mock knows, or a 400. */
export type PreferResult =
  | { readonly ok: true; readonly preferences: MockPreferences | undefined }
  | { readonly ok: false; readonly error: MockError };

/**
 * Reads `Prefer: code=404, example=name, dynamic=true, seed=x` the way Prism's server does:
 * `code` is three digits, `dynamic` is `true` or `false`; other preferences (`return=minimal`, ...)
 * are ignored. Where Prism answers a bad value with 422 problem+json, this returns a 400 Error.
 */
export function parsePrefer(header: string | undefined): PreferResult {
  if (header === undefined) return { ok: true, preferences: undefined };
  const out: Writable<MockPreferences> = {};
  let any = false;
  for (const part of header.split(',')) {
    // Parameters after ';' refine a preference; Prism ignores them, and so does the mock.
    const token = part.split(';')[0]!.trim();
    const eq = token.indexOf('=');
    const name = (eq === -1 ? token : token.slice(0, eq)).trim().toLowerCase();
    // Own keys only: a preference named `constructor` must not reach Object.prototype.
    const read = Object.hasOwn(READERS, name) ? READERS[name] : undefined;
    if (!read) continue;
    const problem = read(eq === -1 ? '' : unquote(token.slice(eq + 1).trim()), out);
    if (problem) return { ok: false, error: mockError(400, 'invalid_prefer', problem.slice(0, 200)) };
    any = true;
  }
  return { ok: true, preferences: any ? out : undefined };
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

// Each reader stores its preference and returns a problem message, or undefined when the value is good.
const READERS: Readonly<Record<string, (value: string, out: Writable<MockPreferences>) => string | undefined>> = {
  code: (value, out) => {
    if (!/^\d{3}$/.test(value)) return `Prefer code must be a three-digit status, got "${value}".`;
    out.code = Number(value);
    return undefined;
  },
  example: (value, out) => {
    if (value === '') return 'Prefer example needs the name of an example.';
    out.exampleKey = value;
    return undefined;
  },
  dynamic: (value, out) => {
    if (value !== 'true' && value !== 'false') return `Prefer dynamic must be true or false, got "${value}".`;
    out.dynamic = value === 'true';
    return undefined;
  },
  seed: (value, out) => {
    if (value === '') return 'Prefer seed needs a value.';
    out.seed = value;
    return undefined;
  },
};

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}
