import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceHandler,
  DEFAULT_API_KEY,
  startReference,
  type RunningServer,
} from '../../fixtures/impls/index.js';
import type { Finding } from '../findings/index.js';
import { runConformance } from '../index.js';

/**
 * The reference server, with `twist` answering first (or returning false to let the reference answer):
 * a server that mishandles one header real clients send.
 */
async function twisted(twist: (req: IncomingMessage, res: ServerResponse) => boolean) {
  const reference = createReferenceHandler({});
  const server = createServer((req, res) => {
    if (!twist(req, res)) reference(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const report = await runConformance({
      target: `http://127.0.0.1:${port}/v1`,
      apiKey: DEFAULT_API_KEY,
      seed: 3,
      runs: 1,
      only: ['client-headers'],
    });
    return report.findings;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const failures = (findings: readonly Finding[]) =>
  findings.filter((f) => f.severity === 'failure').map((f) => `${f.operationId} ${f.code}`);

/**
 * Answers with what the reference answers to the same GET (headers a client sends left out, so it
 * answers plain JSON), its body passed through `rewrite` and its headers overridden.
 */
function rewritten(
  req: IncomingMessage,
  res: ServerResponse,
  rewrite: (body: Buffer) => Buffer,
  headers: Record<string, string>,
): void {
  void (async () => {
    const answer = await fetch(`${reference!.url.replace(/\/v1$/, '')}${req.url}`, {
      headers: { authorization: req.headers.authorization ?? '' },
    });
    const body = rewrite(Buffer.from(await answer.arrayBuffer()));
    res
      .writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        ...headers,
        'content-length': String(body.length),
      })
      .end(body);
  })();
}

let reference: RunningServer | undefined;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(() => reference?.close());

describe('client-header sweeps', () => {
  it('certify the reference server: every header set and Content-Type spelling answered as documented', async () => {
    expect(failures(await twisted(() => false))).toEqual([]);
  });

  it('fail a 5xx to a long User-Agent and to an unquoted If-None-Match', async () => {
    const findings = await twisted((req, res) => {
      const broken = (req.headers['user-agent']?.length ?? 0) > 512 || req.headers['if-none-match'] === 'abc';
      if (broken) res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
      return broken;
    });
    expect(failures(findings)).toEqual(expect.arrayContaining(['listPets server_error', 'createPet server_error']));
  });

  it("fail a 5xx to the site's analytics cookies and to jQuery's Accept", async () => {
    const findings = await twisted((req, res) => {
      const broken = /_ga=/.test(req.headers.cookie ?? '') || /text\/javascript/.test(req.headers.accept ?? '');
      if (broken) res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
      return broken;
    });
    const sent = findings.filter((f) => f.code === 'server_error').map((f) => f.request?.headers);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((h) => /_ga=/.test(h?.cookie ?? '') || /text\/javascript/.test(h?.accept ?? ''))).toBe(true);
  });

  it('fail a 415 to legal spellings of application/json (OWS before ";", a quoted charset)', async () => {
    const findings = await twisted((req, res) => {
      const type = req.headers['content-type'] ?? '';
      const broken = / ;|"/.test(type);
      if (broken)
        res
          .writeHead(415, { 'content-type': 'application/json' })
          .end('{"code":"unsupported","message":"no","status":415}');
      return broken;
    });
    expect(new Set(failures(findings))).toEqual(new Set(['createPet positive_rejected']));
    const refused = findings
      .filter((f) => f.code === 'positive_rejected')
      .map((f) => f.request?.headers['content-type']);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((t) => / ;|"/.test(t ?? ''))).toBe(true);
  });

  it('fail an XSSI prefix, JSON labelled text/html, translated enum values; note a gzip body to gzip;q=0', async () => {
    const findings = await twisted((req, res) => {
      if (req.method !== 'GET') return false;
      if (/gzip;q=0/.test(req.headers['accept-encoding'] ?? '')) {
        rewritten(req, res, (b) => gzipSync(b), { 'content-encoding': 'gzip' });
        return true;
      }
      if (req.headers['x-requested-with']) {
        rewritten(req, res, (b) => Buffer.concat([Buffer.from(")]}',\n"), b]), {});
        return true;
      }
      if (/^text\/html/.test(req.headers.accept ?? '')) {
        rewritten(req, res, (b) => b, { 'content-type': 'text/html' });
        return true;
      }
      if (/^de/.test(req.headers['accept-language'] ?? '')) {
        rewritten(req, res, (b) => Buffer.from(b.toString().replace(/"available"/g, '"verfügbar"')), {});
        return true;
      }
      return false;
    });
    const codes = new Set(failures(findings));
    expect(codes).toEqual(
      new Set([
        'listPets invalid_json',
        'getPet invalid_json',
        'listPets content_type',
        'getPet content_type',
        'listPets schema_mismatch',
        'getPet schema_mismatch',
      ]),
    );
    // A coding the request ruled out is decoded and noted: RFC 9110 §12.5.3 says SHOULD, not MUST.
    const noted = findings.filter((f) => f.code === 'transport_error').map((f) => `${f.operationId} ${f.severity}`);
    expect(new Set(noted)).toEqual(new Set(['listPets advisory', 'getPet advisory']));
  });

  it('pass a refusal of a header (a contract gap, 403 included) and an HTML page negotiated for a browser (unjudged)', async () => {
    const findings = await twisted((req, res) => {
      if (req.headers.origin) {
        res
          .writeHead(403, { 'content-type': 'application/json' })
          .end('{"code":"forbidden","message":"origin","status":403}');
        return true;
      }
      if (req.method === 'GET' && /^text\/html/.test(req.headers.accept ?? '')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>API</title>');
        return true;
      }
      return false;
    });
    expect(failures(findings)).toEqual([]);
    const gaps = findings.filter((f) => f.code === 'contract_gap').map((f) => `${f.operationId} ${f.gap}`);
    expect(gaps).toEqual(
      expect.arrayContaining(['listPets client-headers', 'createPet client-headers', 'getPet client-headers']),
    );
  });
});
