// The auth matrix on a spec without bearer auth (API keys in a header, the query and a cookie; Basic
// OR OAuth 2.0; a public and an optional operation): the kit certifies the mock, and catches servers
// that read credentials too leniently. Each defect is a proxy in front of the mock that "repairs" a
// wrong credential before the mock sees it.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import type { RunReport } from '../findings/index.js';
import { runConformance } from './run-conformance.js';

const SPEC = new URL('../../mock/__fixtures__/schemes.yaml', import.meta.url).pathname;
const KEY = 'kit-schemes-key-7d1e';
const USER = 'ann:s3cret-pw';

type Rewrite = (url: URL, headers: IncomingHttpHeaders) => void;

const DEFECTS: Record<string, { rewrite: Rewrite; operationId: string; auth: string }> = {
  // Query parameter names are case-sensitive: API_KEY is another parameter.
  'query-name-any-case': {
    operationId: 'byQuery',
    auth: 'name-case',
    rewrite: (url) => {
      for (const [name, value] of [...url.searchParams])
        if (name.toLowerCase() === 'api_key' && name !== 'api_key') url.searchParams.set('api_key', value);
    },
  },
  // Buffer.from(x, 'base64') skips characters that are not base64.
  'lenient-base64': {
    operationId: 'byBasic',
    auth: 'malformed-base64',
    rewrite: (_url, headers) => {
      const m = /^basic\s+(\S+)$/i.exec(headers.authorization ?? '');
      if (m)
        headers.authorization = `Basic ${Buffer.from(Buffer.from(m[1]!, 'base64').toString('utf8')).toString('base64')}`;
    },
  },
  // The key read from Authorization: Bearer when the X-API-Key header is missing.
  'key-as-bearer': {
    operationId: 'byHeader',
    auth: 'key-as-bearer',
    rewrite: (_url, headers) => {
      const m = /^bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
      if (m && headers['x-api-key'] === undefined) headers['x-api-key'] = m[1]!;
    },
  },
};

let mockUrl: URL;
let closeMock: () => Promise<void>;
beforeAll(async () => {
  const mock = await startMock({
    port: 0,
    quiet: true,
    watch: false,
    spec: SPEC,
    mode: 'static',
    apiKeys: [KEY],
    users: [USER],
  });
  mockUrl = new URL(mock.url);
  closeMock = () => mock.close();
});
afterAll(() => closeMock());

async function proxy(rewrite: Rewrite): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', mockUrl.origin);
    const headers = { ...req.headers };
    rewrite(url, headers);
    const upstream = request(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server };
}

const run = (target: string): Promise<RunReport> =>
  runConformance({ target, spec: SPEC, apiKey: KEY, basic: USER, seed: 7, runs: 5 });

describe('auth matrix of API key and Basic schemes', () => {
  it('certifies the mock', async () => {
    const report = await run(`${mockUrl.origin}/api`);
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(report.verdict).toBe('certified');
  });

  it.each(Object.entries(DEFECTS))('catches %s', async (_name, defect) => {
    const { url, server } = await proxy(defect.rewrite);
    try {
      const report = await run(url);
      const caught = report.findings.filter((f) => f.code === 'auth_ignored' && f.operationId === defect.operationId);
      expect(caught.map((f) => (f.evidence as { auth?: string } | undefined)?.auth)).toContain(defect.auth);
      expect(JSON.stringify(report)).not.toContain(KEY);
      expect(JSON.stringify(report)).not.toContain('s3cret-pw');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
