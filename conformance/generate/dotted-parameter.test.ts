// Parameters whose names hold a dot (Azure's `certificate.purpose`): an invalid value of one is
// recognised as invalid. The check split the case's location (`query.certificate.purpose`) at every
// dot, found no parameter `certificate`, and called every such case valid, so an operation whose only
// mutations were on it made fast-check's filter search forever (issue 21: the kit ran 15 minutes on
// azure.com/deviceprovisioningservices-iotdps without an end).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationModel, loadSpec } from '../../spec/index.js';
import { applyMutation, invalidCaseArbitrary, isStillInvalid } from './invalid-case.js';
import { mutationsOf } from './mutations.js';
import { requestPartsArbitrary, toValidCase } from './valid-case.js';

const dir = mkdtempSync(join(tmpdir(), 'dotted-'));
let operation: OperationModel;
beforeAll(async () => {
  const file = join(dir, 'dotted.yaml');
  writeFileSync(
    file,
    `openapi: 3.0.3
info: {title: Dotted, version: '1'}
paths:
  /certificates/{name}:
    delete:
      operationId: deleteCertificate
      parameters:
        - {name: name, in: path, required: true, schema: {type: string}}
        - {name: certificate.purpose, in: query, schema: {type: string, enum: [clientAuthentication, serverAuthentication]}}
      responses: {'200': {description: ok}}
`,
  );
  operation = (await loadSpec(file)).operation('deleteCertificate')!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a parameter named with a dot', () => {
  it('a case with an invalid value of it is invalid', () => {
    const [parts] = fc.sample(requestPartsArbitrary(operation, {}), { numRuns: 1, seed: 7 });
    const mutations = mutationsOf(operation);
    expect(mutations.length).toBeGreaterThan(0);
    for (const mutation of mutations)
      expect(isStillInvalid(applyMutation(toValidCase(operation, parts!), mutation), operation)).toBe(true);
  });

  it('the arbitrary of invalid cases makes them (it searched forever before)', () => {
    const arbitrary = invalidCaseArbitrary(operation)!;
    const cases = fc.sample(arbitrary, { numRuns: 20, seed: 7 });
    expect(cases).toHaveLength(20);
    for (const c of cases) {
      expect(c.invalid!.location).toBe('query.certificate.purpose');
      expect(isStillInvalid(c, operation)).toBe(true);
    }
  });
});
