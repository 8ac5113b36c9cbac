// A defect found with some seeds is found with every seed: the lifecycle tries a full item changed
// by the leanest update first (bodyExtremes), so a PATCH that wipes what it was not sent no longer
// depends on random bodies meeting that case (it was found with 2 of 5 seeds of a whole run).
import { describe, expect, it } from 'vitest';
import { api } from '../../../fixtures/apis/library/index.js';
import { runConformance } from '../../engine/run-conformance.js';

const defect = api.defects.find((d) => d.id === 'semantics-patch-replaces')!;
const basic = `${api.credentials.basic!.user}:${api.credentials.basic!.password}`;

describe('the lifecycle property', () => {
  it.each([1, 2, 3, 4, 5])('finds a PATCH that replaces instead of merging, seed %i', async (seed) => {
    const server = await defect.start();
    try {
      const report = await runConformance({
        target: server.url,
        spec: api.specFile,
        basic,
        seed,
        only: ['createBook/lifecycle'],
      });
      const found = report.findings.filter((f) => f.severity === 'failure' && f.check === 'semantics.read_back');
      expect(found.map((f) => `${f.operationId} ${f.check}`)).toEqual(['getBook semantics.read_back']);
      expect(found[0]!.evidence).toMatchObject({ rule: 'read-back', writer: 'updateBook' });
    } finally {
      await server.close();
    }
  });
});
