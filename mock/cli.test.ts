import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('cli', () => {
  it('honours PORT and MOCK_API_KEYS, prints no configured key, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--no-watch'], {
      env: { ...process.env, PORT: '0', MOCK_API_KEYS: 'cli-secret-key' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        const match = /listening on (http:\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`cli exited early:\n${out}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect((await fetch(`${url}/pets`, { headers: { Authorization: 'Bearer cli-secret-key' } })).status).toBe(200);
    expect((await fetch(`${url}/pets`, { headers: { Authorization: 'Bearer dev-key' } })).status).toBe(401);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(out).toContain('GET /v1/pets 200');
    expect(out).not.toContain('cli-secret-key');
    // The banner names where the credential goes, and counts the configured keys without printing them.
    expect(out).toMatch(/^ {2}auth {2}\S+ +Authorization: Bearer: 1 configured key\(s\)$/m);
  });
});
