// The raw-input sweep's multipart body cut short before its close delimiter (held-out set 100: an
// upload that answered 500 to it).
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import type { Case, Exchange } from '../cases/index.js';
import { checkServerError } from '../checks/server-error.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import type { PropertyContext } from './kit-property.js';
import { rawInputSweeps, unclosedMultipart } from './raw-input-sweeps.js';

const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'Photos', version: '1' },
  paths: {
    '/pets/{id}/photos': {
      post: {
        operationId: 'uploadPetPhoto',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' }, caption: { type: 'string' } },
              },
            },
          },
        },
        responses: { '201': { description: 'stored' }, '400': { description: 'refused' } },
      },
    },
  },
} as never);
const upload = spec.operation('uploadPetPhoto')!;

describe('unclosedMultipart', () => {
  it('cuts the body before its close delimiter, keeping every part', () => {
    const valid = toValidCase(upload, ordinaryParts(upload, {}, 1)).body!;
    const cut = unclosedMultipart(valid) as { text: string; contentType: string };
    const boundary = /boundary=(\S+)/.exec(cut.contentType)![1]!;
    expect((valid as { text: string }).text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(cut.text).not.toContain(`--${boundary}--`);
    expect(cut.text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(unclosedMultipart({ kind: 'json', value: {} })).toBeUndefined();
    expect(
      unclosedMultipart({ kind: 'raw', text: 'a=b', contentType: 'application/x-www-form-urlencoded' }),
    ).toBeUndefined();
  });

  it('is sent by the raw-input sweep, and a 5xx to it fails', async () => {
    const sent: Case[] = [];
    const context: PropertyContext = {
      spec,
      readOnly: false,
      seed: 1,
      known: () => ({}),
      send: async (c) => {
        sent.push(c);
        const open =
          c.body?.kind === 'raw' && !/--\r\n$/.test(c.body.text) && /^multipart/.test(c.body.contentType ?? '');
        const status = open ? 500 : 400;
        return {
          case: c,
          request: { method: 'POST', path: '/pets/1/photos', headers: {} },
          response: { status, headers: {}, bodyText: '', durationMs: 1, sentAt: 0 },
        } as unknown as Exchange;
      },
      judge: (exchange) => checkServerError({ exchange, operation: upload }),
    };
    const findings = [];
    for (const sweep of rawInputSweeps(spec, context, false)) findings.push(...(await sweep.execute()).findings);
    expect(sent.some((c) => c.body?.kind === 'raw' && /^multipart/.test(c.body.contentType ?? ''))).toBe(true);
    expect(findings.map((f) => `${f.code} ${f.severity}`)).toEqual(['server_error failure']);
  });
});

describe('a body sent to a write that declares none (held-out set 104: etherpad)', () => {
  const noBody = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'Pads', version: '1' },
    paths: {
      '/pads/{padId}/save': {
        post: {
          operationId: 'savePad',
          parameters: [{ name: 'padId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'saved' } },
        },
      },
    },
  } as never);
  const save = noBody.operation('savePad')!;

  it('is sent once as a probe, and a 5xx to it fails', async () => {
    const sent: Case[] = [];
    const context: PropertyContext = {
      spec: noBody,
      readOnly: false,
      seed: 1,
      known: () => ({}),
      send: async (c) => {
        sent.push(c);
        const status = c.body !== undefined ? 500 : 404;
        return {
          case: c,
          request: { method: 'POST', path: '/pads/x/save', headers: {} },
          response: { status, headers: {}, bodyText: '', durationMs: 1, sentAt: 0 },
        } as unknown as Exchange;
      },
      judge: (exchange) => checkServerError({ exchange, operation: save }),
    };
    const findings = [];
    for (const sweep of rawInputSweeps(noBody, context, false)) findings.push(...(await sweep.execute()).findings);
    const bodies = sent.filter((c) => c.body !== undefined);
    expect(bodies.map((c) => [c.kind, c.body?.kind === 'raw' ? c.body.contentType : undefined])).toEqual([
      ['probe', 'application/json'],
    ]);
    expect(findings.map((f) => `${f.code} ${f.severity}`)).toEqual(['server_error failure']);
  });
});
