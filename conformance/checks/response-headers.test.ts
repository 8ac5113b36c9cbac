import { describe, expect, it } from 'vitest';
import { loadSpec, type OperationModel } from '../../spec/index.js';
import { checkResponseHeaders } from './response-headers.js';
import { probeCase, response, run, validCase, verdicts } from './_test-support.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFinding } from '../report/describe-finding.js';

async function operation(): Promise<OperationModel> {
  const dir = await mkdtemp(join(tmpdir(), 'headers-'));
  const file = join(dir, 'spec.yaml');
  await writeFile(
    file,
    [
      'openapi: 3.0.3',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /things:',
      '    post:',
      '      operationId: createThing',
      '      responses:',
      "        '201':",
      '          description: created',
      '          headers:',
      '            Location: {required: true, schema: {type: string}}',
      '            X-Rate-Remaining: {schema: {type: integer, minimum: 0}}',
    ].join('\n'),
  );
  return (await loadSpec(file)).operation('createThing')!;
}

describe('checkResponseHeaders', () => {
  it('passes documented headers that are there and valid, and says nothing of undocumented statuses', async () => {
    const op = await operation();
    expect(
      run(
        checkResponseHeaders,
        op,
        validCase('createThing'),
        response(201, '', { location: '/things/1', 'x-rate-remaining': '9' }),
      ),
    ).toEqual([]);
    expect(run(checkResponseHeaders, op, validCase('createThing'), response(400, ''))).toEqual([]);
  });

  it('fails a missing required header and a value its schema refuses', async () => {
    const op = await operation();
    const missing = run(checkResponseHeaders, op, validCase('createThing'), response(201, ''));
    expect(verdicts(missing)).toEqual([{ code: 'schema_mismatch', severity: 'failure' }]);
    expect(describeFinding(missing[0]!)).toContain('the required header Location is missing');
    const wrong = run(
      checkResponseHeaders,
      op,
      validCase('createThing'),
      response(201, '', { location: '/x', 'x-rate-remaining': '-1' }),
    );
    expect(describeFinding(wrong[0]!)).toMatch(/X-Rate-Remaining: "-1"/);
    const text = run(
      checkResponseHeaders,
      op,
      validCase('createThing'),
      response(201, '', { location: '/x', 'x-rate-remaining': 'many' }),
    );
    expect(describeFinding(text[0]!)).toContain('X-Rate-Remaining');
  });

  it('only warns on probes', async () => {
    expect(verdicts(run(checkResponseHeaders, await operation(), probeCase('createThing'), response(201, '')))).toEqual(
      [{ code: 'schema_mismatch', severity: 'warning', gap: 'other-endpoints' }],
    );
  });
});
