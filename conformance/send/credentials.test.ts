import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../../spec/security/index.js';
import { createKitCredentials } from './credentials.js';

const bearer: SecurityScheme = { kind: 'bearer', name: 'b' };
const oauth: SecurityScheme = { kind: 'oauth2', name: 'o', scopes: [] };
const basic: SecurityScheme = { kind: 'basic', name: 'ba' };
const header: SecurityScheme = { kind: 'apiKey', name: 'h', in: 'header', parameter: 'X-App-Key' };
const cookie: SecurityScheme = { kind: 'apiKey', name: 'c', in: 'cookie', parameter: 'sid' };
const query: SecurityScheme = { kind: 'apiKey', name: 'q', in: 'query', parameter: 'key' };
const digest: SecurityScheme = { kind: 'http', name: 'd', scheme: 'digest' };

describe('createKitCredentials', () => {
  it('--api-key serves every token and API-key scheme; --basic serves Basic', () => {
    const c = createKitCredentials({ apiKey: 'k-1', basic: 'ann:pw:x' });
    for (const s of [bearer, oauth, header, cookie, query])
      expect(c.credentialFor(s)).toEqual({ kind: 'secret', value: 'k-1', variable: 'API_KEY' });
    expect(c.credentialFor(basic)).toEqual({
      kind: 'user-password',
      user: 'ann',
      password: 'pw:x',
      variable: 'BASIC_AUTH',
    });
    expect(c.credentialFor(digest)).toBeUndefined();
  });

  it('a -H header a scheme declares is its credential; the others go on every request', () => {
    const c = createKitCredentials({
      headers: ['x-app-key: hk', 'Cookie: a=1; sid=ck', 'Authorization: Bearer tok', 'X-Tenant: t1'],
    });
    expect(c.credentialFor(header)).toMatchObject({ value: 'hk' });
    expect(c.credentialFor(cookie)).toMatchObject({ value: 'ck' });
    expect(c.credentialFor(bearer)).toMatchObject({ value: 'tok' });
    expect(c.credentialFor(query)).toBeUndefined();
    expect(c.extraHeaders([header, bearer])).toEqual([
      ['Cookie', 'a=1; sid=ck'],
      ['X-Tenant', 't1'],
    ]);
    const b = createKitCredentials({ headers: [`Authorization: Basic ${Buffer.from('u:p').toString('base64')}`] });
    expect(b.credentialFor(basic)).toMatchObject({ user: 'u', password: 'p' });
  });

  it('lists the secrets to mask, through the handlers', () => {
    const c = createKitCredentials({ apiKey: 'k-1', basic: 'ann:pw' });
    expect(c.secrets().sort()).toEqual(['ann:pw', Buffer.from('ann:pw').toString('base64'), 'k-1', 'pw'].sort());
  });

  it('refuses malformed -H and --basic', () => {
    expect(() => createKitCredentials({ headers: ['no colon'] })).toThrow(/Name: value/);
    expect(() => createKitCredentials({ basic: 'nopassword' })).toThrow(/user:password/);
  });

  it('an auth command issues the token, and a new one when run again; old ones stay masked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-cred-'));
    const file = join(dir, 'token');
    writeFileSync(file, 'token-one\n');
    const c = createKitCredentials({ authCommand: `cat '${file}'` });
    expect(c.refreshable).toBe(true);
    expect(await c.refresh()).toBe(true);
    expect(c.credentialFor(bearer)).toMatchObject({ value: 'token-one' });
    expect(await c.refresh()).toBe(false);
    writeFileSync(file, 'token-two\n');
    expect(await c.refresh()).toBe(true);
    expect(c.credentialFor(header)).toMatchObject({ value: 'token-two' });
    expect(c.secrets().sort()).toEqual(['token-one', 'token-two']);
    await expect(createKitCredentials({ authCommand: 'exit 3' }).refresh()).rejects.toThrow(/auth command failed/);
    await expect(createKitCredentials({ authCommand: 'true' }).refresh()).rejects.toThrow(/one non-empty line/);
  });
});
