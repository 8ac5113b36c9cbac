import { afterEach, describe, expect, it } from 'vitest';
import { startTodos, type TodoDefect } from '../fixtures/apis/todos/server.js';
import { failureKeys, recordAppSession, replayTodosHar } from './_test-support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

const failures = failureKeys;

describe('live traffic end to end: proxy, HAR, kit', () => {
  const defects: TodoDefect[] = ['status-create-200', 'schema-list-missing-createdAt', 'protocol-missing-location'];
  it.each(defects)(
    '%s: the proxy reports it, the HAR replay fails on it, the fixed server certifies',
    async (defect) => {
      const defective = await startTodos({ defect });
      open.push(defective);
      const { proxy, har } = await recordAppSession(defective.url);
      const proxied = failures(proxy.session.findings());
      expect(proxied.length).toBeGreaterThan(0);

      const fixed = await startTodos();
      open.push(fixed);
      const onFixed = await replayTodosHar(fixed.url, har);
      expect(onFixed.skipped).toEqual([]);
      expect(onFixed.requests).toBe(7);
      expect(failures(onFixed.findings)).toEqual([]);
      // The recorded ids were translated: the replayed read, delete and read-after-delete met the new todo.
      expect(onFixed.exchanges.map((e) => e.response?.status)).toEqual([201, 201, 200, 200, 204, 404, 404]);

      const again = await startTodos({ defect });
      open.push(again);
      const onDefective = await replayTodosHar(again.url, har);
      // The same defects, by code and operation, as the proxy saw in the live traffic.
      expect(failures(onDefective.findings)).toEqual(proxied);
    },
  );
});
