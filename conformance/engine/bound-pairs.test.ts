// Valid values at their declared bounds: a server that checks `< maximum` or counts UTF-16 units
// refuses them, while the same request one step inside is accepted. Seen in the ticketing zoo.
import { afterEach, describe, expect, it } from 'vitest';
import { describeFinding } from '../report/describe-finding.js';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const venue = {
  type: 'object',
  required: ['name', 'capacity'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20 },
    capacity: { type: 'integer', minimum: 1, maximum: 500 },
  },
};
const stored = {
  ...venue,
  required: ['id', 'name', 'capacity'],
  properties: { ...venue.properties, id: { type: 'integer' } },
};
const document = (info: string) => ({
  openapi: '3.0.3',
  info: { title: 'venues', version: '1', description: info },
  paths: {
    '/venues': {
      post: {
        operationId: 'createVenue',
        requestBody: { required: true, content: { 'application/json': { schema: venue } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: stored } } },
          '422': { description: 'invalid, or a name already taken' },
        },
      },
    },
  },
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

type Fault = 'none' | 'exclusive-max' | 'utf16' | 'unique-name';

/** A venue store that validates by hand; `fault` plants one way of refusing a valid bound. */
async function serve(fault: Fault, info = 'Venues.'): Promise<{ url: string; spec: string }> {
  const names = new Set<string>();
  let next = 1;
  const served = await servingDocument('venues', document(info), (req, res, text) => {
    if (req.url !== '/venues' || req.method !== 'POST') return answerJson(res, 404, { message: 'not found' });
    let body: { name?: unknown; capacity?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return answerJson(res, 400, { message: 'bad json' });
    }
    const { name, capacity } = body ?? {};
    const length = typeof name === 'string' ? (fault === 'utf16' ? name.length : [...name].length) : -1;
    const max = fault === 'exclusive-max' ? 499 : 500;
    const valid =
      length >= 1 &&
      length <= 20 &&
      Number.isInteger(capacity) &&
      (capacity as number) >= 1 &&
      (capacity as number) <= max;
    if (!valid) return answerJson(res, 422, { message: 'invalid' });
    // A legal rule the schema cannot say: names are unique (the kit must not call this a bound refused).
    if (fault === 'unique-name' && names.has(name as string)) return answerJson(res, 422, { message: 'name taken' });
    names.add(name as string);
    answerJson(res, 201, { id: next++, name, capacity });
  });
  close = served.close;
  return served;
}

const bounds = async (fault: Fault, info?: string) => {
  const { url, spec } = await serve(fault, info);
  const report = await runConformance({ target: url, spec, seed: 1, runs: 10, concurrency: 1 });
  return report.findings
    .filter((f) => f.code === 'positive_rejected' && f.evidence.scenario === 'bound-refused')
    .map((f) => `${f.severity}: ${describeFinding(f)}`);
};

describe('valid values at their declared bounds', () => {
  it('a maximum checked as exclusive fails, confirmed by the value one below', async () => {
    expect(await bounds('exclusive-max')).toEqual([
      expect.stringContaining(
        "failure: capacity 500 was refused with 422, though /capacity's maximum 500 includes it; the same request with capacity 499 was accepted with 201. Basis: inferred",
      ),
    ]);
  });

  it('characters outside the BMP counted as two: a failure where the spec says lengths count code points, else an advisory', async () => {
    const worded = await bounds('utf16', 'Venues. String lengths are counted in Unicode code points.');
    expect(worded).toEqual([expect.stringMatching(/^failure: name of 20 characters outside the BMP/)]);
    expect(await bounds('utf16')).toEqual([expect.stringMatching(/^advisory: name of 20 characters outside the BMP/)]);
  });

  it('a correct server, and one refusing a name already taken, certify on the bounds', async () => {
    expect(await bounds('none')).toEqual([]);
    expect(await bounds('unique-name')).toEqual([]);
  });
});
