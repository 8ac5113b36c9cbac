// The replay line of every failure names what sends its request again, as one shell word per
// argument (held-out set 160: a first-look failure of `get /data`, an operation without an
// operationId, said `--only get /info`: another operation, and split by the shell into two words).
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, servingDocument } from './_test-support.js';
import { runConformance } from './run-conformance.js';

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const ok = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const document = {
  openapi: '3.0.3',
  info: { title: 'data', version: '1' },
  paths: {
    '/info': { get: { responses: { '200': ok({ type: 'object', properties: { name: { type: 'string' } } }) } } },
    '/data': { get: { responses: { '200': ok({ type: 'object', properties: { data: { type: 'object' } } }) } } },
  },
};

/** The words a POSIX shell makes of a command line. */
const shellWords = (line: string): string[] =>
  execFileSync('sh', ['-c', `for w in ${line}; do printf '%s\\n' "$w"; done`], { encoding: 'utf8' })
    .trimEnd()
    .split('\n');

describe('replay lines', () => {
  it("name the failing operation's own selection, one shell word per argument", async () => {
    const served = await servingDocument('data', document, (req, res) =>
      req.url === '/data' ? answerJson(res, 200, { data: [] }) : answerJson(res, 200, { name: 'demo' }),
    );
    open = served;
    const failure = (only: string[] = []) =>
      runConformance({ target: served.url, spec: served.spec, seed: 1, runs: 5, only }).then(({ findings }) =>
        findings.find((f) => f.severity === 'failure' && f.operationId === 'get /data' && f.code === 'schema_mismatch'),
      );
    const found = await failure();
    const replay = found?.reproducer?.replay ?? '';
    const words = shellWords(replay.replace(/^npx \S+ test /, ''));
    const only = words[words.indexOf('--only') + 1];
    expect(only).toBe('get /data');
    // That selection sends the request again and finds the failure.
    expect(await failure([only!])).toMatchObject({ request: found!.request });
  });
});
