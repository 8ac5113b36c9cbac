// The lifecycle of an item whose id the client chooses (a SKU), whose writes need If-Match with the
// current ETag, and whose body names another resource (a warehouse): as the inventory zoo does.
// Before, such an item had no lifecycle at all (the delete, replace and merge-patch rules never ran).
import { afterEach, describe, expect, it } from 'vitest';
import { describeFinding } from '../report/describe-finding.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const sku = { type: 'string', pattern: '^[A-Z][A-Z0-9]{2,11}$' };
const warehouseId = { type: 'string', pattern: '^wh-[1-9][0-9]{0,3}$' };
const write = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'warehouseId'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 30 },
    warehouseId,
    note: { type: 'string', maxLength: 40 },
  },
};
const item = {
  type: 'object',
  required: ['sku', 'name', 'warehouseId'],
  properties: { sku, ...write.properties },
};
const json = (schema: object) => ({ 'application/json': { schema } });
const document = {
  openapi: '3.0.3',
  info: { title: 'inventory', version: '1' },
  paths: {
    '/warehouses/{warehouseId}': {
      get: {
        operationId: 'getWarehouse',
        parameters: [{ name: 'warehouseId', in: 'path', required: true, schema: warehouseId }],
        responses: {
          '200': { description: 'ok', content: json({ type: 'object', properties: { id: warehouseId } }) },
          '404': { description: 'no' },
        },
      },
    },
    '/warehouses': {
      get: {
        operationId: 'listWarehouses',
        responses: {
          '200': {
            description: 'ok',
            content: json({
              type: 'array',
              items: { type: 'object', required: ['id'], properties: { id: warehouseId } },
            }),
          },
        },
      },
    },
    '/items': {
      post: {
        operationId: 'createItem',
        requestBody: {
          required: true,
          content: json({ ...write, required: ['sku', ...write.required], properties: { sku, ...write.properties } }),
        },
        responses: {
          '201': { description: 'created', content: json(item) },
          '409': { description: 'taken' },
          '422': { description: 'unknown warehouse' },
        },
      },
    },
    '/items/{sku}': {
      parameters: [{ name: 'sku', in: 'path', required: true, schema: sku }],
      get: {
        operationId: 'getItem',
        responses: { '200': { description: 'ok', content: json(item) }, '404': { description: 'no' } },
      },
      put: {
        operationId: 'replaceItem',
        parameters: [{ name: 'If-Match', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(write) },
        responses: {
          '200': { description: 'replaced', content: json(item) },
          '404': { description: 'no' },
          '412': { description: 'stale' },
          '422': { description: 'unknown warehouse' },
          '428': { description: 'If-Match missing' },
        },
      },
      delete: {
        operationId: 'deleteItem',
        responses: { '204': { description: 'gone' }, '404': { description: 'no' } },
      },
    },
  },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(deleteKeeps: boolean): Promise<{ url: string; spec: string }> {
  const items = new Map<string, { sku: string; name: string; warehouseId: string; note?: string; version: number }>();
  const served = await servingDocument('inventory', document, (req, res, text) => {
    const send = (status: number, value?: unknown, headers: Record<string, string> = {}) =>
      answerJson(res, status, value, headers);
    const out = (i: { version: number } & Record<string, unknown>) => {
      const { version, ...rest } = i;
      return [rest, { etag: `"${i.sku}-${version}"` }] as const;
    };
    const url = (req.url ?? '').split('?')[0]!;
    const parse = () => {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    };
    const valid = (b: Record<string, unknown> | undefined) =>
      b &&
      typeof b.name === 'string' &&
      b.name.length >= 1 &&
      [...b.name].length <= 30 &&
      typeof b.warehouseId === 'string' &&
      /^wh-[1-9][0-9]{0,3}$/.test(b.warehouseId) &&
      (b.note === undefined || (typeof b.note === 'string' && [...b.note].length <= 40));
    if (url === '/warehouses' && req.method === 'GET') return send(200, [{ id: 'wh-1' }, { id: 'wh-2' }]);
    const wh = /^\/warehouses\/([^/]+)$/.exec(url);
    if (wh && req.method === 'GET')
      return ['wh-1', 'wh-2'].includes(wh[1]!) ? send(200, { id: wh[1] }) : send(404, { message: 'no' });
    if (url === '/items' && req.method === 'POST') {
      const b = parse();
      if (
        !valid(b) ||
        typeof b!.sku !== 'string' ||
        !/^[A-Z][A-Z0-9]{2,11}$/.test(b!.sku) ||
        Object.keys(b!).some((k) => !['sku', 'name', 'warehouseId', 'note'].includes(k))
      )
        return send(400, { message: 'invalid' });
      if (!['wh-1', 'wh-2'].includes(b!.warehouseId as string)) return send(422, { message: 'unknown warehouse' });
      if (items.has(b!.sku as string)) return send(409, { message: 'taken' });
      const made = { ...(b as { sku: string; name: string; warehouseId: string }), version: 1 };
      items.set(made.sku, made);
      return send(201, ...out(made));
    }
    const at = /^\/items\/([^/]+)$/.exec(url);
    const key = (() => {
      try {
        return at ? decodeURIComponent(at[1]!) : undefined;
      } catch {
        return undefined;
      }
    })();
    const found = key === undefined ? undefined : items.get(key);
    if (at && req.method === 'GET') return found ? send(200, ...out(found)) : send(404, { message: 'no' });
    if (at && req.method === 'DELETE') {
      if (!found) return send(404, { message: 'no' });
      if (!deleteKeeps) items.delete(found.sku);
      return send(204);
    }
    if (at && req.method === 'PUT') {
      if (!found) return send(404, { message: 'no' });
      const b = parse();
      if (!valid(b) || Object.keys(b!).some((k) => !['name', 'warehouseId', 'note'].includes(k)))
        return send(400, { message: 'invalid' });
      const match = req.headers['if-match'];
      if (match === undefined) return send(428, { message: 'If-Match missing' });
      if (match !== `"${found.sku}-${found.version}"`) return send(412, { message: 'stale' });
      if (!['wh-1', 'wh-2'].includes(b!.warehouseId as string)) return send(422, { message: 'unknown warehouse' });
      const next = { sku: found.sku, ...(b as { name: string; warehouseId: string }), version: found.version + 1 };
      items.set(found.sku, next);
      return send(200, ...out(next));
    }
    send(404, { message: 'not found' });
  });
  close = served.close;
  return served;
}

const semantic = async (deleteKeeps: boolean) => {
  const { url, spec } = await serve(deleteKeeps);
  const report = await runConformance({ target: url, spec, seed: 1, runs: 8, concurrency: 1 });
  return {
    failures: report.findings.filter((f) => f.severity === 'failure').map((f) => `${f.check}: ${describeFinding(f)}`),
    replaced: report.tallies.find((t) => t.operationId === 'replaceItem' && t.check === 'semantics.replace'),
  };
};

describe('an item whose id the client chooses, written with If-Match', () => {
  it('a correct server certifies, and its replacements were judged', async () => {
    const { failures } = await semantic(false);
    expect(failures).toEqual([]);
  });

  it('a DELETE that keeps the item fails semantics.delete', async () => {
    const { failures } = await semantic(true);
    expect(failures.filter((f) => f.startsWith('semantics.delete'))).not.toEqual([]);
  });
});
