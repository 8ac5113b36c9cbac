import { exec } from 'node:child_process';
import { handlerFor, type Credential, type SecurityScheme } from '../../spec/security/index.js';

/** What a run is given to authenticate with (flags and environment, see the CLI). */
export interface CredentialInput {
  /** A token or API key: wherever the operation's scheme puts it (bearer, OAuth 2.0, OIDC, apiKey). */
  readonly apiKey?: string;
  /** HTTP Basic credentials, `user:password`. */
  readonly basic?: string;
  /** `Name: value` headers. One a scheme declares is that scheme's credential; the rest go on every request. */
  readonly headers?: readonly string[];
  /** A shell command whose standard output is the token or key; run again when a working one starts getting 401. */
  readonly authCommand?: string;
}

/** The credentials of a run, per scheme. */
export interface KitCredentials {
  /** The credential the kit presents for a scheme, or undefined when it has none for it. */
  credentialFor(scheme: SecurityScheme): Credential | undefined;
  /** `-H` headers no scheme of `schemes` declares: sent on every request, as given. */
  extraHeaders(schemes: Iterable<SecurityScheme>): readonly (readonly [string, string])[];
  /** Every string to mask in reports, for every credential used so far (from the handlers' `secretsIn`). */
  secrets(): string[];
  /** True when an auth command can issue a fresh credential. */
  readonly refreshable: boolean;
  /** Runs the auth command again; resolves to true when the credential changed. */
  refresh(): Promise<boolean>;
}

/** A problem with the credentials as given (bad `-H` or `--basic`, a failing auth command). */
export class CredentialError extends Error {
  override readonly name = 'CredentialError';
}

/** How long the auth command may run. */
const COMMAND_TIMEOUT_MS = 30_000;

function runCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    exec(command, { timeout: COMMAND_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (error, stdout) => {
      // Never echo the command's output: it is the secret.
      if (error)
        return reject(
          new CredentialError(`the auth command failed (exit ${String(error.code ?? error.signal ?? '?')})`),
        );
      const value = stdout.trim();
      if (value === '' || /[\r\n]/.test(value))
        return reject(new CredentialError('the auth command must print one non-empty line (the token or key)'));
      resolve(value);
    });
  });
}

function parseHeader(line: string): [string, string] {
  const colon = line.indexOf(':');
  if (colon < 1) throw new CredentialError(`-H expects "Name: value", got a header without a name`);
  return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
}

function parseBasic(pair: string, variable: string): Credential {
  const colon = pair.indexOf(':');
  if (colon < 1) throw new CredentialError('--basic expects user:password');
  return { kind: 'user-password', user: pair.slice(0, colon), password: pair.slice(colon + 1), variable };
}

/**
 * Resolves the run's credentials per scheme. A header given with `-H` that a scheme declares
 * (`Authorization: Bearer …` for token schemes, `Authorization: Basic …`, an apiKey header, an apiKey
 * cookie inside `Cookie:`) is that scheme's credential; otherwise `--api-key` (or the auth command's
 * output) serves every token and API-key scheme, and `--basic` Basic. Reproducers read the secret
 * from `$API_KEY` and Basic credentials (`user:password`) from `$BASIC_AUTH`.
 *
 * @throws {@link CredentialError} for a malformed `-H` or `--basic`.
 */
export function createKitCredentials(input: CredentialInput): KitCredentials {
  const headers = (input.headers ?? []).map(parseHeader);
  const header = (name: string) => headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
  let secret: Extract<Credential, { kind: 'secret' }> | undefined = input.apiKey
    ? { kind: 'secret', value: input.apiKey, variable: 'API_KEY' }
    : undefined;
  const basic = input.basic ? parseBasic(input.basic, 'BASIC_AUTH') : undefined;
  const used = new Set<Credential>();
  // One object per value: `used` holds each credential once, however many requests present it.
  const fromHeaders = new Map<string, Credential>();
  const fromHeader = (value: string): Credential => {
    let c = fromHeaders.get(value);
    if (!c) fromHeaders.set(value, (c = { kind: 'secret', value, variable: 'API_KEY' }));
    return c;
  };
  const authorization = header('authorization');
  const bearer =
    authorization !== undefined && /^bearer\s+\S/i.test(authorization)
      ? fromHeader(authorization.replace(/^bearer\s+/i, '').trim())
      : undefined;
  const basicHeader = (() => {
    if (authorization === undefined || !/^basic\s+\S/i.test(authorization)) return undefined;
    const pair = Buffer.from(authorization.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
    return pair.includes(':') ? parseBasic(pair, 'BASIC_AUTH') : undefined;
  })();

  const use = (c: Credential | undefined) => {
    if (c) used.add(c);
    return c;
  };
  return {
    credentialFor(scheme) {
      switch (scheme.kind) {
        case 'bearer':
        case 'oauth2':
        case 'openIdConnect':
          return use(bearer ?? secret);
        case 'basic':
          return use(basic ?? basicHeader);
        case 'apiKey': {
          if (scheme.in === 'header') {
            const value = header(scheme.parameter);
            if (value !== undefined) return use(fromHeader(value));
          }
          if (scheme.in === 'cookie') {
            const cookie = header('cookie')
              ?.split(';')
              .map((p) => p.trim())
              .find((p) => p.startsWith(`${scheme.parameter}=`));
            if (cookie !== undefined) return use(fromHeader(cookie.slice(scheme.parameter.length + 1)));
          }
          return use(secret);
        }
        default:
          return undefined;
      }
    },
    extraHeaders(schemes) {
      const claimed = new Set<string>();
      for (const s of schemes) {
        if (s.kind === 'apiKey' && s.in === 'header') claimed.add(s.parameter.toLowerCase());
        if (s.kind === 'apiKey' && s.in === 'cookie') claimed.add('cookie');
        if (s.kind === 'bearer' || s.kind === 'oauth2' || s.kind === 'openIdConnect' || s.kind === 'basic')
          claimed.add('authorization');
      }
      return headers.filter(([name]) => !claimed.has(name.toLowerCase()));
    },
    secrets() {
      const out = new Set<string>();
      for (const c of [...used, ...(secret ? [secret] : []), ...(basic ? [basic] : [])]) {
        const handler = handlerFor(c.kind === 'secret' ? { kind: 'bearer', name: '' } : { kind: 'basic', name: '' });
        for (const s of handler.secretsIn(c)) out.add(s);
      }
      return [...out];
    },
    refreshable: input.authCommand !== undefined,
    async refresh() {
      if (input.authCommand === undefined) return false;
      const value = await runCommand(input.authCommand);
      const changed = secret?.value !== value;
      // The credential object is kept when unchanged, so earlier secrets stay masked too.
      if (changed) {
        if (secret) used.add(secret);
        secret = { kind: 'secret', value, variable: 'API_KEY' };
      }
      return changed;
    },
  };
}
