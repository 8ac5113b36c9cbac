// The HEAD, Allow, Connection: close and raw-input sweeps against a scripted target: what each sends
// and what it fails.
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import type { Case, Exchange } from '../cases/index.js';
import { loadOperations, REQUEST, response, type Operations } from '../checks/_test-support.js';
import { allowSweeps } from './allow-sweep.js';
import type { PropertyContext } from './kit-property.js';
import { connectionCloseSweep } from './connection-close-sweep.js';
import { headSweeps, judgeHead, unknownPathParams } from './head-sweeps.js';
import { MALFORMED_ESCAPES, rawInputSweeps } from './raw-input-sweeps.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

type Answer = { status: number; body?: string; headers?: Record<string, string> };

/** A context whose target answers `answer(case)`; every case sent is kept. */
function scripted(answer: (c: Case, method: string) => Answer): { context: PropertyContext; sent: Case[] } {
  const sent: Case[] = [];
  const context: PropertyContext = {
    spec: ops.spec,
    readOnly: false,
    seed: 1,
    known: () => ({}),
    send: async (c) => {
      sent.push(c);
      const method = (c.method ?? ops.spec.operation(c.operationId)!.method).toUpperCase();
      const a = answer(c, method);
      return { case: c, request: { ...REQUEST, method }, response: response(a.status, a.body ?? '', a.headers ?? {}) };
    },
    judge: () => [],
  };
  return { context, sent };
}

const run = async (sweeps: { execute(): Promise<{ findings: readonly unknown[] }> }[]) => {
  const findings: { code: string; evidence: unknown }[] = [];
  for (const s of sweeps) findings.push(...((await s.execute()).findings as { code: string; evidence: unknown }[]));
  return findings;
};

const got = (status: number, headers: Record<string, string> = {}, body = ''): Exchange => ({
  case: { operationId: 'listPets', family: 'head', kind: 'valid', pathParams: {}, query: [], auth: 'valid' },
  request: REQUEST,
  response: response(status, body, headers),
});

describe('judgeHead', () => {
  const list = '[{"id":1}]';
  it('fails a HEAD Content-Length other than the one GET declares (RFC 9110 §8.6)', () => {
    const get = (body: string) => got(200, { 'content-length': String(Buffer.byteLength(body)) }, body);
    const findings = judgeHead(get(list), got(200, { 'content-length': '0' }), get(list));
    expect(findings.map((f) => f.evidence)).toEqual([
      { rule: 'head-length', status: 200, headLength: '0', getLength: 10 },
    ]);
    expect(judgeHead(get(list), got(200, { 'content-length': '10' }), get(list))).toEqual([]);
    // No length on HEAD is fine; two GETs that differ (a write in between) judge nothing; nor does a
    // GET streamed chunked, which declares no length (a hand-written server's HEAD then says 0).
    expect(judgeHead(get(list), got(200), get(list))).toEqual([]);
    expect(judgeHead(get(list), got(200, { 'content-length': '0' }), get('[]'))).toEqual([]);
    expect(judgeHead(got(200, {}, list), got(200, { 'content-length': '0' }), got(200, {}, list))).toEqual([]);
    // Content that changes by itself (an uptime): the same length twice, but not the same content.
    const health = (uptime: string) => get(`{"status":"ok","uptime":${uptime}}`);
    expect(judgeHead(health('0.745369487'), got(200, { 'content-length': '35' }), health('1.051552836'))).toEqual([]);
  });

  it('fails a success to HEAD where GET is 404 (RFC 9110 §9.3.2), not a HEAD a router lacks', () => {
    expect(judgeHead(got(404), got(200), got(404)).map((f) => f.evidence)).toEqual([
      { rule: 'head-status', headStatus: 200, getStatus: 404 },
    ]);
    expect(judgeHead(got(404), got(404), got(404))).toEqual([]);
  });

  it('shows a HEAD a router lacks as the head-unsupported gap, never a failure (RFC 9110 §9.1)', () => {
    for (const status of [404, 405, 501]) {
      const findings = judgeHead(got(200, {}, list), got(status), got(200, {}, list));
      expect(findings.map((f) => [f.code, f.severity, 'gap' in f ? f.gap : undefined, f.evidence])).toEqual([
        ['contract_gap', 'warning', 'head-unsupported', { scenario: 'head-unsupported', status, getStatus: 200 }],
      ]);
    }
    // Only where GET served the resource both times: a write between them judges nothing.
    expect(judgeHead(got(200, {}, list), got(405), got(404))).toEqual([]);
    expect(judgeHead(got(401), got(405), got(401))).toEqual([]);
  });

  it('names a large id for an integer path parameter', () => {
    expect(unknownPathParams(ops.getPet)).toEqual({ petId: '987654321' });
    expect(unknownPathParams(ops.listPets)).toBeUndefined();
  });

  it('sends GET, HEAD, GET for every read, and again for an unknown id', async () => {
    const { context, sent } = scripted((c, method) =>
      c.pathParams.petId === '987654321' ? { status: method === 'HEAD' ? 200 : 404 } : { status: 200, body: '[]' },
    );
    const findings = await run(headSweeps(ops.spec, context));
    expect(sent.filter((c) => c.operationId === 'getPet').map((c) => c.method ?? 'GET')).toEqual([
      'GET',
      'HEAD',
      'GET',
      'GET',
      'HEAD',
      'GET',
    ]);
    expect(findings.map((f) => f.evidence)).toEqual([{ rule: 'head-status', headStatus: 200, getStatus: 404 }]);
  });
});

describe('allowSweeps', () => {
  it('tries the methods a 405 lists, on a resource made for it, and fails one answered 405', async () => {
    const { context, sent } = scripted((c, method) => {
      if (method === 'POST') return { status: 201, body: '{"id":77,"name":"Rex","categoryId":1}' };
      return { status: 405, headers: { allow: 'GET, HEAD, PUT, DELETE' } };
    });
    const findings = await run(allowSweeps(ops.spec, context));
    expect(sent.map((c) => `${c.method ?? 'POST'} ${c.pathParams.petId ?? ''}`)).toEqual([
      'POST ',
      'PATCH 77',
      'PUT 77',
      'DELETE 77',
    ]);
    expect(findings.map((f) => f.evidence)).toEqual([
      { rule: 'allow-method-refused', allow: 'GET, HEAD, PUT, DELETE', listedBy: 'PATCH', method: 'PUT' },
      { rule: 'allow-method-refused', allow: 'GET, HEAD, PUT, DELETE', listedBy: 'PATCH', method: 'DELETE' },
    ]);
  });

  it('passes a 405 whose Allow lists only methods that work, and never tries HEAD (a §9.1 question)', async () => {
    const { context } = scripted((_, method) =>
      method === 'POST' ? { status: 201, body: '{"id":77}' } : { status: 405, headers: { allow: 'GET, HEAD' } },
    );
    expect(await run(allowSweeps(ops.spec, context))).toEqual([]);
  });

  it('fails an Allow that leaves out a documented method the resource then serves (RFC 9110 §15.5.6)', async () => {
    // Held-out set 111: FastAPI's 405 listed the methods of one route only.
    const answering = (getStatus: number) =>
      scripted((_, method) => {
        if (method === 'POST') return { status: 201, body: '{"id":77}' };
        if (method === 'GET') return { status: getStatus, body: '{"id":77,"name":"Rex","categoryId":1}' };
        return { status: 405, headers: { allow: 'HEAD' } };
      });
    const served = answering(200);
    const findings = await run(allowSweeps(ops.spec, served.context));
    expect(findings.map((f) => f.evidence)).toEqual([
      { rule: 'allow-incomplete', allow: 'HEAD', listedBy: 'PATCH', method: 'GET', status: 200 },
    ]);
    expect(served.sent.at(-1)).toMatchObject({ operationId: 'getPet', pathParams: { petId: '77' } });
    // The item not found by GET either: nothing shows the resource serves it.
    expect(await run(allowSweeps(ops.spec, answering(404).context))).toEqual([]);
  });
});

describe('allowSweeps: a creation written with a trailing slash', () => {
  it.each([
    ['`POST /notes/` for `/notes/{id}` (held-out set 117)', '/notes/{note_id}'],
    ['`POST /notes/` for `/notes/{id}/`, an item path ending in a slash too (held-out set 152)', '/notes/{note_id}/'],
  ])('makes its item through %s', async (_, itemPath) => {
    const note = { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } };
    const json = { 'application/json': { schema: note } };
    const spec = specFromDocument({
      openapi: '3.0.2',
      info: { title: 'notes', version: '1' },
      paths: {
        '/notes/': {
          post: {
            operationId: 'createNote',
            requestBody: { required: true, content: json },
            responses: { '200': { description: 'made', content: json } },
          },
        },
        [itemPath]: {
          parameters: [{ name: 'note_id', in: 'path', required: true, schema: { type: 'integer' } }],
          get: { operationId: 'readNote', responses: { '200': { description: 'ok', content: json } } },
          delete: { operationId: 'deleteNote', responses: { '200': { description: 'gone' } } },
        },
      },
    } as never);
    const context = {
      spec,
      readOnly: false,
      seed: 1,
      known: () => ({}),
      judge: () => [],
      send: async (c: Case): Promise<Exchange> => {
        const method = (c.method ?? spec.operation(c.operationId)!.method).toUpperCase();
        const answer =
          method === 'POST'
            ? response(200, '{"id":7,"title":"a"}')
            : method === 'GET' || method === 'DELETE'
              ? response(200, '{"id":7,"title":"a"}')
              : response(405, '', { allow: 'GET' });
        return { case: c, request: { ...REQUEST, method }, response: answer };
      },
    } as PropertyContext;
    const findings = await run(allowSweeps(spec, context));
    expect(findings.map((f) => f.evidence)).toEqual([
      { rule: 'allow-incomplete', allow: 'GET', listedBy: 'PATCH', method: 'DELETE', status: 200 },
    ]);
  });
});

describe('connectionCloseSweep', () => {
  it('sends one ordinary list with Connection: close', async () => {
    const { context, sent } = scripted(() => ({ status: 200, body: '[]' }));
    await run(connectionCloseSweep(ops.spec, context));
    expect(sent.map((c) => [c.operationId, c.headers?.connection])).toEqual([['listPets', 'close']]);
  });
});

describe('rawInputSweeps', () => {
  it('sends malformed escapes, integers with a leading zero or a plus sign, and bytes that are no UTF-8', async () => {
    const { context, sent } = scripted(() => ({ status: 400 }));
    await run(rawInputSweeps(ops.spec, context, false));
    expect(sent.filter((c) => c.rawPath).map((c) => c.rawPath!.petId)).toEqual([...MALFORMED_ESCAPES]);
    expect(
      sent.filter((c) => c.operationId === 'listPets').map((c) => c.query.find(([k]) => k === 'limit')?.[1]),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^0\d+$/), expect.stringMatching(/^\+\d+$/)]));
    const bytes = sent.find((c) => c.body?.kind === 'raw')!.body as { text: string; bytes?: true };
    expect(bytes.bytes).toBe(true);
    expect(bytes.text).toContain('\u00ff\u00fe');
    expect(/[^\u0000-\u00ff]/.test(bytes.text)).toBe(false);
    expect(sent.every((c) => c.kind === 'probe' && c.auth === 'valid')).toBe(true);
    // Only a 5xx or no answer is judged: not a router's own refusal, nor what a target stored from
    // bytes that are no UTF-8 (its own reading).
    const judged = scripted(() => ({ status: 400 }));
    const other = { severity: 'failure', operationId: 'getPet', check: 'schema' } as const;
    const findings = await run(
      rawInputSweeps(
        ops.spec,
        {
          ...judged.context,
          judge: () => [
            {
              ...other,
              code: 'schema_mismatch',
              evidence: { scenario: 'empty-body', status: 400, schema: { source: 'status' } },
            },
            {
              ...other,
              code: 'semantic_violation',
              evidence: { rule: 'echo', member: 'name', sent: 'x', received: 'y' },
            },
            { ...other, code: 'server_error', evidence: { scenario: 'answered', status: 500 } },
          ],
        },
        false,
      ),
    );
    expect(new Set(findings.map((f) => f.code))).toEqual(new Set(['server_error']));
    expect(findings).toHaveLength(judged.sent.length);
    // A read-only run sends no body.
    const readOnly = scripted(() => ({ status: 400 }));
    await run(rawInputSweeps(ops.spec, readOnly.context, true));
    expect(readOnly.sent.some((c) => c.body !== undefined)).toBe(false);
  });
});

describe('rawInputSweeps: a number past double precision', () => {
  it('writes the first unbounded number member of a JSON body as 1e400 (held-out sets 114 and 116)', async () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'books', version: '1' },
      paths: {
        '/books': {
          post: {
            operationId: 'createBook',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['title', 'price'],
                    properties: { title: { type: 'string' }, pages: { type: 'integer' }, price: { type: 'number' } },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never);
    const sent: Case[] = [];
    const context = {
      spec,
      readOnly: false,
      seed: 1,
      known: () => ({}),
      judge: () => [],
      send: async (c: Case): Promise<Exchange> => {
        sent.push(c);
        return { case: c, request: REQUEST, response: response(400, '') };
      },
    } as PropertyContext;
    await run(rawInputSweeps(spec, context, false));
    const texts = sent.flatMap((c) => (c.body?.kind === 'raw' ? [c.body.text] : []));
    const past = texts.find((t) => t.includes('1e400'))!;
    expect(past).toMatch(/"price":1e400[,}]/);
    expect(JSON.parse(past).price).toBe(Number.POSITIVE_INFINITY);
    expect(sent.find((c) => c.body?.kind === 'raw' && c.body.text === past)?.kind).toBe('probe');
  });
});

describe('rawInputSweeps: a charset label and a content coding', () => {
  it('sends the ordinary body labelled utf-16 and brotli-coded, and fails only a 5xx (held-out set 118)', async () => {
    const { context, sent } = scripted((c) => ({
      status: c.headers?.['Content-Encoding'] === 'br' || /utf-16/.test(bodyType(c)) ? 500 : 415,
    }));
    const findings = await run(
      rawInputSweeps(
        ops.spec,
        {
          ...context,
          judge: (exchange) =>
            (exchange.response?.status ?? 0) >= 500
              ? [
                  {
                    severity: 'failure',
                    operationId: exchange.case.operationId,
                    check: 'status',
                    code: 'server_error',
                    evidence: { scenario: 'answered', status: exchange.response?.status ?? 0 },
                  },
                ]
              : [],
        },
        false,
      ),
    );
    const labelled = sent.filter((c) => /utf-16/.test(bodyType(c)));
    const coded = sent.filter((c) => c.headers?.['Content-Encoding'] === 'br');
    expect(labelled.map((c) => c.operationId)).toEqual(coded.map((c) => c.operationId));
    expect(labelled.length).toBeGreaterThan(0);
    for (const c of labelled) {
      const text = (c.body as { text: string }).text;
      expect(/[^\u0000-\u007f]/.test(text)).toBe(false);
      expect(JSON.parse(text)).toBeTypeOf('object');
    }
    for (const c of coded) {
      const body = c.body as { text: string; bytes?: true };
      expect(body.bytes).toBe(true);
      const twin = labelled.find((l) => l.operationId === c.operationId)!.body as { text: string };
      expect(brotliDecompressSync(Buffer.from(body.text, 'latin1')).toString('utf8')).toBe(twin.text);
    }
    expect(findings).toHaveLength(labelled.length + coded.length);
    expect(findings.every((f) => f.code === 'server_error')).toBe(true);
  });
});

const bodyType = (c: Case) => (c.body?.kind === 'raw' ? (c.body.contentType ?? '') : '');
