import { execFileSync } from 'node:child_process';
import { toAuthRequest } from '../to-auth-request.js';
import type { Attachment, AuthRequest, Credential } from '../model.js';

/** A hand-written request: lower-case header names, decoded query pairs. */
export function request(headers: Record<string, string> = {}, query: [string, string][] = []): AuthRequest {
  return { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), query };
}

export const KEY: Credential = { kind: 'secret', value: 'Key123abc', variable: 'API_KEY' };
export const USER: Credential = {
  kind: 'user-password',
  user: 'alice',
  password: 'pa:ss word',
  variable: 'BASIC_AUTH',
};

/** The attachment as a request. */
export const sent = (a: Attachment): AuthRequest => toAuthRequest(a);

/**
 * What bash prints for each shown form (`Bearer $API_KEY`), with `env` as its only variables: one
 * shell for them all, each printed with a NUL after it.
 */
export function shellPrints(shown: readonly string[], env: Record<string, string>): string[] {
  const script = shown.map((s) => `printf '%s\\0' "${s}"`).join('\n');
  return execFileSync('bash', ['-c', script], { env: { PATH: process.env.PATH ?? '', ...env } })
    .toString()
    .split('\0')
    .slice(0, -1);
}
