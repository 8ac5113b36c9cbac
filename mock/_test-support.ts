/** Helpers shared by the mock's tests (not part of the mock's API). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { MockOptions } from './options.js';
import { type MockServer, createMockServer } from './server.js';

/** A mock listening on a free loopback port, with its log lines captured. */
export interface TestMock {
  readonly mock: MockServer;
  readonly lines: string[];
  readonly base: string;
  close(): Promise<void>;
}

/** Keys the tests configure; none is the development key. */
export const KEY = 'test-key-0123456789';
export const OTHER_KEY = 'second-key-abcdef';
export const AUTH = `Bearer ${KEY}`;

/** Starts a mock on 127.0.0.1:0 that does not watch its spec, logging into `lines`. */
export async function startTestMock(options: MockOptions = {}): Promise<TestMock> {
  const lines: string[] = [];
  const mock = await createMockServer({
    apiKeys: [KEY, OTHER_KEY],
    watch: false,
    log: (line) => lines.push(line),
    ...options,
  });
  await new Promise<void>((resolve) => mock.server.listen(0, '127.0.0.1', resolve));
  const { port } = mock.server.address() as AddressInfo;
  return { mock, lines, base: `http://127.0.0.1:${port}`, close: () => mock.close() };
}

/** A fresh temporary directory for hand-written specs: `write` puts one there and returns its path. */
export function tempSpecs(): { write(name: string, text: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mock-specs-'));
  return {
    write(name, text) {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A mock on `spec` for the whole test file: started before its tests, closed after them, then
 * `cleanup` runs (removing the spec's temporary directory). Read its fields inside tests only.
 */
export function mockOnSpec(spec: string, cleanup: () => void): TestMock {
  let current: TestMock | undefined;
  beforeAll(async () => {
    current = await startTestMock({ spec });
  });
  afterAll(async () => {
    await current?.close();
    cleanup();
  });
  return {
    get mock() {
      return current!.mock;
    },
    get lines() {
      return current!.lines;
    },
    get base() {
      return current!.base;
    },
    close: () => current!.close(),
  };
}

/** True when `body` is the contract's Error for `status`. */
export function isErrorBody(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'string' && b.code !== '' && typeof b.message === 'string' && b.status === status;
}
