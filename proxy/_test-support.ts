import { API_KEY } from '../fixtures/apis/todos/server.js';

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
