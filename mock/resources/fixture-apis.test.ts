import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type Exchange, replyHooks } from '../../fixtures/apis/_shared/client.js';
import { loadChecker } from '../../fixtures/apis/_shared/spec-check.js';
import { api as library } from '../../fixtures/apis/library/index.js';
import { api as todos } from '../../fixtures/apis/todos/index.js';
import type { ApiFixture } from '../../fixtures/apis/types.js';
import { api as zoo } from '../../fixtures/apis/zoo-nested/index.js';
import { type MockServer, createMockServer } from '../server.js';

/** Defects whose demonstration the stateful mock still shows, with why (none today). */
const KNOWN: Readonly<Record<string, string>> = {};

const servers: MockServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function mockFor(api: ApiFixture): Promise<{ mock: MockServer; url: string }> {
  const c = api.credentials;
  const mock = await createMockServer({
    spec: api.specFile,
    watch: false,
    quiet: true,
    log: () => undefined,
    apiKeys: [c.apiKey ?? c.bearer ?? 'unused-key'],
    ...(c.basic ? { users: [`${c.basic.user}:${c.basic.password}`] } : {}),
  });
  servers.push(mock);
  await new Promise<void>((resolve) => mock.server.listen(0, '127.0.0.1', resolve));
  return { mock, url: `http://127.0.0.1:${(mock.server.address() as AddressInfo).port}${mock.spec.basePath}` };
}

// Three APIs written independently of the mock (fixtures/apis), each with defective servers and a
// hand-written demonstration of every defect: the stateful mock, knowing only each spec, should show none.
describe.each([todos, library, zoo])('the stateful mock as a correct $name server', (api) => {
  it('shows none of the catalogued defects, and every answer fits the spec', async () => {
    const { mock, url } = await mockFor(api);
    const checker = await loadChecker(api.specFile);
    const problems: string[] = [];
    const hook = (exchange: Exchange): void => void problems.push(...checker.check(url, exchange));
    replyHooks.push(hook);
    const shown: Record<string, string> = {};
    try {
      for (const defect of api.defects) {
        mock.reset();
        const seen = await defect.demonstrate(url);
        if (seen !== undefined) shown[defect.id] = seen;
      }
    } finally {
      replyHooks.splice(replyHooks.indexOf(hook), 1);
    }
    expect(
      Object.keys(shown).filter((id) => KNOWN[id] === undefined),
      JSON.stringify(shown),
    ).toEqual([]);
    expect([...new Set(problems)]).toEqual([]);
  });
});
