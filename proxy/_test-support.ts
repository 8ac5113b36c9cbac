import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HarReplay, replayHar } from '../conformance/har/index.js';
import { createHttpClient, createKitCredentials } from '../conformance/send/index.js';
import { api as todos } from '../fixtures/apis/todos/index.js';
import { API_KEY } from '../fixtures/apis/todos/server.js';
import { loadSpec } from '../spec/index.js';
import { readHar } from './har.js';
import { type RunningProxy, startProxy } from './server.js';

/** The key the todos fixture accepts. */
export const TODOS_KEY = API_KEY;

/**
 * What a small todo app sends in one session, all of it valid: create two todos (one with a
 * priority), list them, read one, delete it, read it again (404), read an id never handed out (404).
 */
export async function todoAppTraffic(base: string, headers: Record<string, string> = {}): Promise<number[]> {
  const auth = { 'X-API-Key': TODOS_KEY, ...headers };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const statuses: number[] = [];
  const send = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(`${base}${path}`, { ...init, headers: init.headers ?? auth });
    statuses.push(r.status);
    const text = await r.text();
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const first = await send('/todos', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ title: 'Water the plants', priority: 3 }),
  });
  await send('/todos', { method: 'POST', headers: json, body: JSON.stringify({ title: 'Feed the cat' }) });
  await send('/todos?limit=10');
  const id = String(first.id);
  await send(`/todos/${id}`);
  await send(`/todos/${id}`, { method: 'DELETE' });
  await send(`/todos/${id}`);
  await send('/todos/00000000-0000-4000-8000-000000000000');
  return statuses;
}

/**
 * Runs {@link todoAppTraffic} through a proxy in front of `upstreamUrl`, recording it as HAR to a
 * new temporary file; returns the stopped proxy (its session holds the findings) and the file.
 */
export function recordAppSession(
  upstreamUrl: string,
  options: { recordSecrets?: boolean; headers?: Record<string, string>; more?: (url: string) => Promise<void> } = {},
): Promise<{ proxy: RunningProxy; har: string }> {
  return recordSession(
    todos.specFile,
    upstreamUrl,
    async (url) => {
      await todoAppTraffic(url, options.headers);
      await options.more?.(url);
    },
    options.recordSecrets === true,
  );
}

/** Sends `traffic` through a recording proxy for `specFile` in front of `upstreamUrl`; returns the stopped proxy and the HAR file. */
export async function recordSession(
  specFile: string,
  upstreamUrl: string,
  traffic: (proxyUrl: string) => Promise<unknown>,
  recordSecrets = false,
): Promise<{ proxy: RunningProxy; har: string }> {
  const har = join(await mkdtemp(join(tmpdir(), 'proxy-session-')), 'app.har');
  const proxy = await startProxy({
    spec: specFile,
    upstream: upstreamUrl,
    port: 0,
    log: () => {},
    record: har,
    recordSecrets,
  });
  await traffic(proxy.url);
  await proxy.close();
  return { proxy, har };
}

/** Replays a recorded HAR file against a todos server with the kit, the fixture's key as the run's credential. */
export function replayTodosHar(targetUrl: string, har: string): Promise<HarReplay> {
  return replayRecorded(todos.specFile, TODOS_KEY, targetUrl, har);
}

/** Replays a recorded HAR file against `targetUrl` with the kit's own client, `apiKey` as the run's credential. */
export async function replayRecorded(
  specFile: string,
  apiKey: string,
  targetUrl: string,
  har: string,
): Promise<HarReplay> {
  const spec = await loadSpec(specFile);
  const credentials = createKitCredentials({ apiKey });
  const client = createHttpClient({
    baseUrl: targetUrl,
    credentials,
    extraHeaders: credentials.extraHeaders(spec.securitySchemes.values()),
    timeoutMs: 5_000,
  });
  try {
    return await replayHar(spec, readHar(har), client);
  } finally {
    await client.close();
  }
}

/** The distinct failures among findings, `code operationId`, sorted. */
export function failureKeys(findings: readonly { severity: string; code: string; operationId: string }[]): string[] {
  return [...new Set(findings.filter((f) => f.severity === 'failure').map((f) => `${f.code} ${f.operationId}`))].sort();
}
