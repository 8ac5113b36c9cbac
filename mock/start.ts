import type { AddressInfo } from 'node:net';
import type { MockOptions } from './options.js';
import { type MockServer, createMockServer } from './server.js';

/** A listening mock. */
export interface RunningMock {
  /** Base URL of the API, base path included, e.g. `http://127.0.0.1:4010/v1`. */
  readonly url: string;
  /** The port actually bound (useful with `port: 0`). */
  readonly port: number;
  /** The underlying mock, for reloads and the raw server. */
  readonly mock: MockServer;
  /** Stops the server gracefully. */
  close(): Promise<void>;
  /** Restores the stateful store's seed data. */
  reset(): void;
}

/**
 * Starts the mock and resolves once it listens. `port: 0` picks a free port; read it from `url`.
 *
 * @example
 * ```ts
 * const mock = await startMock({ port: 0, quiet: true });
 * const res = await fetch(`${mock.url}/pets`, { headers: { Authorization: 'Bearer dev-key' } });
 * await mock.close();
 * ```
 */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const mock = await createMockServer(options);
  const { server } = mock;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(mock.options.port, mock.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await mock.close();
    throw error;
  }
  // Prism loads after the port is open; requests that need it before then wait for the load.
  void mock.warm();
  const { port } = server.address() as AddressInfo;
  const host = mock.options.host.includes(':') ? `[${mock.options.host}]` : mock.options.host;
  return {
    url: `http://${host}:${port}${mock.spec.basePath}`,
    port,
    mock,
    close: () => mock.close(),
    reset: () => mock.reset(),
  };
}
