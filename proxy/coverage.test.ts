import { afterEach, describe, expect, it } from 'vitest';
import { uncovered } from '../conformance/contract-coverage/index.js';
import { renderConsoleReport, renderHtml, renderJUnit, renderJson } from '../conformance/report/index.js';
import { api as todos } from '../fixtures/apis/todos/index.js';
import { startTodos } from '../fixtures/apis/todos/server.js';
import { runProxyCli } from './cli.js';
import { recordAppSession, replayTodosHar, todoAppTraffic } from './_test-support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

// The todos spec, by hand: listTodos documents 200/400/401, createTodo 201/400/401/415, getTodo
// 200/400/401/404, deleteTodo 204 (no content)/400/401/404: 15 response cells, each one media type.
// Parameters: listTodos limit and status, getTodo and deleteTodo todoId: 4. TodoCreate's members:
// title, status, priority, tags, dueDate: 5. The app's traffic (todoAppTraffic) reaches 201 twice,
// 200 on the list (with limit), 200 and 404 on the read, 204 on the delete: 5 response cells; limit
// and both todoIds: 3 parameters; title and priority: 2 members. 10 of 24 cells: 41.6%.
const EXPECTED = {
  operations: { reached: 4, total: 4, percent: 100 },
  responses: { reached: 5, total: 15, percent: 33.3 },
  parameters: { reached: 3, total: 4, percent: 75 },
  members: { reached: 2, total: 5, percent: 40 },
  percent: 41.6,
};
const NEVER_REACHED = [
  {
    operationId: 'listTodos',
    missing: 'responses 400 application/json, 401 application/json; parameters query status',
  },
  {
    operationId: 'createTodo',
    missing:
      'responses 400 application/json, 401 application/json, 415 application/json; members status, tags, dueDate',
  },
  { operationId: 'getTodo', missing: 'responses 400 application/json, 401 application/json' },
  { operationId: 'deleteTodo', missing: 'responses 400 application/json, 401 application/json, 404 application/json' },
];

describe('contract coverage', () => {
  it('counts what a known session exercised, in the proxy and in the kit’s HAR replay alike', async () => {
    const upstream = await startTodos();
    open.push(upstream);
    const { proxy, har } = await recordAppSession(upstream.url);
    const coverage = proxy.session.report().coverage!;
    expect(coverage).toMatchObject(EXPECTED);
    expect(uncovered(coverage)).toEqual(NEVER_REACHED);

    // The same traffic replayed by the kit covers the same cells.
    const replay = await replayTodosHar(upstream.url, har);
    expect(replay.coverage).toMatchObject(EXPECTED);
    expect(replay.coverage.byOperation).toEqual(coverage.byOperation);

    // Every report format carries it.
    const report = proxy.session.report();
    expect(renderConsoleReport(report)).toContain(
      'Contract coverage 41.6% (responses × media types 5/15 · parameters 3/4 · body members 2/5 · operations called 4/4)',
    );
    expect(renderConsoleReport(report)).toContain('  createTodo: responses 400 application/json');
    expect((JSON.parse(renderJson(report)) as { coverage: unknown }).coverage).toMatchObject(EXPECTED);
    const junit = renderJUnit(report);
    expect(junit).toContain('<property name="coverage.percent" value="41.6"/>');
    expect(junit).toContain('<property name="coverage.responses" value="5/15"/>');
    const page = renderHtml(report);
    expect(page).toContain('<h2>Contract coverage <span class="badge">41.6%</span></h2>');
    expect(page).toContain('title="listTodos query status: never reached">– query status</span>');
  });

  it('--min-coverage fails a session below the threshold', async () => {
    const upstream = await startTodos();
    open.push(upstream);
    const errors: string[] = [];
    const run = (min: string) =>
      runProxyCli(
        [todos.specFile, upstream.url, '--port', '0', '--quiet', '--fail-on', 'none', '--min-coverage', min],
        {},
        {
          stdout: () => {},
          stderr: (t) => errors.push(t),
          stopped: async (proxy) => {
            await todoAppTraffic(proxy.url);
            return 'test';
          },
        },
      );
    expect(await run('41')).toBe(0);
    expect(await run('50')).toBe(1);
    expect(errors.join('')).toContain('contract coverage 41.6% is below --min-coverage 50%');
  });
});
