// The query-shape sweep sends the query in other spellings: every required query parameter must be in
// it, or the request is invalid whatever its spelling. An array parameter (`subType`, style form,
// explode false) was left out, and the server's rightful 400 was called a refused valid request
// (issue 21: amadeus.com's airport & city search).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationModel, loadSpec } from '../../spec/index.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import { shapePairs } from './shape-sweeps.js';

const dir = mkdtempSync(join(tmpdir(), 'shape-pairs-'));
let operation: OperationModel;
beforeAll(async () => {
  const file = join(dir, 'locations.yaml');
  writeFileSync(
    file,
    `openapi: 3.0.3
info: {title: Locations, version: '1'}
paths:
  /locations:
    get:
      operationId: searchLocations
      parameters:
        - {name: subType, in: query, required: true, style: form, explode: false, schema: {type: array, items: {type: string, enum: [AIRPORT, CITY]}}}
        - {name: keyword, in: query, required: true, schema: {type: string}, example: MUC}
        - {name: view, in: query, schema: {type: string, enum: [LIGHT, FULL]}}
      responses: {'200': {description: ok}}
`,
  );
  operation = (await loadSpec(file)).operation('searchLocations')!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('shapePairs', () => {
  it('holds every required query parameter, or none at all (no sweep)', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const base = toValidCase(operation, ordinaryParts(operation, {}, seed));
      const names = shapePairs(operation, base).map(([name]) => name);
      if (names.length > 0) expect(names).toEqual(expect.arrayContaining(['subType', 'keyword']));
    }
  });
});
