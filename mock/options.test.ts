import { describe, expect, it } from 'vitest';
import { isLoopback, parseCli, resolveOptions } from './options.js';

const noLog = () => undefined;

describe('parseCli', () => {
  it('reads every flag', () => {
    const result = parseCli(
      [
        '--port',
        '5000',
        '--host',
        '0.0.0.0',
        '--spec',
        'x.yaml',
        '--mode',
        'dynamic',
        '--api-key',
        'a',
        '--api-key',
        'b',
        '--cors-origin',
        'http://a.example,http://b.example',
        '--delay',
        '250',
        '--seed',
        's',
        '--admin',
        '--no-watch',
        '--quiet',
      ],
      {},
    );
    expect(result).toEqual({
      kind: 'run',
      options: {
        port: 5000,
        host: '0.0.0.0',
        spec: 'x.yaml',
        mode: 'dynamic',
        apiKeys: ['a', 'b'],
        corsOrigins: ['http://a.example', 'http://b.example'],
        delayMs: 250,
        seed: 's',
        admin: true,
        watch: false,
        quiet: true,
      },
    });
  });

  it('reads the environment, and flags win over it', () => {
    const env = {
      PORT: '4100',
      MOCK_API_KEYS: 'k1, k2',
      MOCK_MODE: 'static',
      MOCK_DELAY: '10',
      MOCK_CORS_ORIGINS: 'http://x.example',
      MOCK_SEED: 'e',
    };
    expect(parseCli([], env)).toEqual({
      kind: 'run',
      options: {
        port: 4100,
        apiKeys: ['k1', 'k2'],
        mode: 'static',
        delayMs: 10,
        corsOrigins: ['http://x.example'],
        seed: 'e',
      },
    });
    const flagged = parseCli(['--port', '1', '--api-key', 'f', '--mode', 'stateful'], env);
    expect(flagged.kind === 'run' && flagged.options).toMatchObject({ port: 1, apiKeys: ['f'], mode: 'stateful' });
  });

  it('reports bad values and unknown flags as errors, and --help as help', () => {
    expect(parseCli(['--port', 'x'], {}).kind).toBe('error');
    expect(parseCli(['--mode', 'live'], {}).kind).toBe('error');
    expect(parseCli(['--delay', '-5'], {}).kind).toBe('error');
    expect(parseCli(['--bogus'], {}).kind).toBe('error');
    expect(parseCli(['--admin', '--no-admin'], {}).kind).toBe('error');
    expect(parseCli(['--help'], {}).kind).toBe('help');
    expect(parseCli(['--any-key', '--no-admin'], {})).toEqual({ kind: 'run', options: { anyKey: true, admin: false } });
  });
});

describe('resolveOptions', () => {
  it('defaults to stateful on 127.0.0.1:4010 with the dev key, CORS for any origin, admin on', () => {
    const o = resolveOptions({}, noLog);
    expect(o).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      mode: 'stateful',
      devKey: true,
      corsOrigins: 'any',
      admin: true,
      delayMs: 0,
    });
    expect(o.keys).toEqual({ kind: 'keys', keys: ['dev-key'], users: ['dev:dev-key'] });
    expect(resolveOptions({ apiKeys: ['k'] }, noLog).keys).toEqual({ kind: 'keys', keys: ['k'] });
    expect(resolveOptions({ apiKeys: ['k'], users: ['ann:pw'] }, noLog).keys).toEqual({
      kind: 'keys',
      keys: ['k'],
      users: ['ann:pw'],
    });
    expect(() => resolveOptions({ users: ['ann'] }, noLog)).toThrow(/name:password/);
  });

  it('turns admin and credentialed CORS off for a non-loopback host unless asked', () => {
    expect(resolveOptions({ host: '0.0.0.0' }, noLog).admin).toBe(false);
    expect(resolveOptions({ host: '0.0.0.0' }, noLog).corsOrigins).toEqual(['*']);
    expect(resolveOptions({ corsOrigins: ['http://a.test'] }, noLog).corsOrigins).toEqual(['http://a.test']);
    expect(resolveOptions({ host: '0.0.0.0', admin: true }, noLog).admin).toBe(true);
    expect(resolveOptions({ admin: false }, noLog).admin).toBe(false);
  });

  it('refuses impossible values', () => {
    expect(() => resolveOptions({ port: 70000 }, noLog)).toThrow(/port/);
    expect(() => resolveOptions({ delayMs: -1 }, noLog)).toThrow(/delay/);
    expect(() => resolveOptions({ mode: 'live' as never }, noLog)).toThrow(/mode/);
  });

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '192.168.1.2', '::'].some(isLoopback)).toBe(false);
  });
});
