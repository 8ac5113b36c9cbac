import type { CheckName } from '../../checks/registry.js';
import type { CheckTally, Finding, RunReport } from '../../findings/index.js';
import { KIT_COMMAND } from '../../engine/collect-report.js';

/** A key that must never appear in any output; the samples leak it on purpose in places. */
export const SAMPLE_KEY = 'sk_test_51HxQ2eLkd8Zr0v9PqW3';

const TARGET = 'http://localhost:4010/v1';
const SEED = 1847369201;
const REPLAY = `${KIT_COMMAND} --target ${TARGET} --seed ${SEED}`;

const CHECKS: Record<string, readonly CheckName[]> = {
  listPets: [
    'server_error',
    'status',
    'content_type',
    'schema',
    'error_status',
    'auth',
    'negative',
    'positive',
    'semantics.limit',
    'semantics.filter',
  ],
  createPet: [
    'server_error',
    'status',
    'content_type',
    'schema',
    'error_status',
    'auth',
    'negative',
    'positive',
    'semantics.read_back',
  ],
  getPet: [
    'server_error',
    'status',
    'content_type',
    'schema',
    'error_status',
    'auth',
    'negative',
    'positive',
    'deprecation',
  ],
};

const BASE_COUNTS: Record<string, number> = {
  server_error: 212,
  status: 212,
  content_type: 188,
  schema: 188,
  error_status: 64,
  auth: 30,
  negative: 96,
  positive: 100,
  'semantics.limit': 100,
  'semantics.filter': 100,
  'semantics.read_back': 100,
  deprecation: 212,
};

function tallies(failed: Readonly<Record<string, number>>, warnings: Readonly<Record<string, number>>): CheckTally[] {
  return Object.entries(CHECKS).flatMap(([operationId, checks]) =>
    checks.map((check) => {
      const key = `${operationId} ${check}`;
      const f = failed[key] ?? 0;
      const w = warnings[key] ?? 0;
      return { operationId, check, passed: (BASE_COUNTS[check] ?? 50) - f - w, failed: f, warnings: w };
    }),
  );
}

/** A 500 on long names, found by a property and shrunk to 31 characters. */
export const serverErrorFinding: Finding = {
  code: 'server_error',
  severity: 'failure',
  operationId: 'createPet',
  check: 'server_error',
  evidence: { scenario: 'answered', status: 500 },
  request: {
    method: 'POST',
    path: '/pets',
    headers: { Authorization: 'Bearer $API_KEY', 'Content-Type': 'application/json' },
    body: '{"name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","categoryId":0}',
  },
  response: {
    status: 500,
    headers: { 'content-type': 'application/json' },
    body: '{"code":"internal","message":"value too long for column \\"name\\"","status":500}',
    truncated: false,
    durationMs: 4,
  },
  reproducer: {
    request: {
      method: 'POST',
      path: '/pets',
      headers: { Authorization: 'Bearer $API_KEY', 'Content-Type': 'application/json' },
      body: '{"name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","categoryId":0}',
    },
    seed: SEED,
    path: '41:2:0:0:1',
    replay: `${REPLAY} --replay 'createPet/valid#0:41:2:0:0:1'`,
  },
};

/** The status filter is ignored: a sold pet comes back when asking for available ones. */
export const filterFinding: Finding = {
  code: 'semantic_violation',
  severity: 'failure',
  operationId: 'listPets',
  check: 'semantics.filter',
  evidence: { rule: 'filter', filter: 'available', total: 3, offending: 1, mismatched: [{ id: '7', status: 'sold' }] },
  request: { method: 'GET', path: '/pets?status=available&limit=5', headers: { Authorization: 'Bearer $API_KEY' } },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '[{"id":1,"name":"Rex","categoryId":1,"status":"available"},{"id":3,"name":"Tom","categoryId":2,"status":"available"},{"id":7,"name":"Nemo","categoryId":3,"status":"sold"}]',
    truncated: false,
    durationMs: 3,
  },
  reproducer: {
    request: { method: 'GET', path: '/pets?status=available&limit=5', headers: { Authorization: 'Bearer $API_KEY' } },
    setup: [
      {
        method: 'POST',
        path: '/pets',
        headers: { Authorization: 'Bearer $API_KEY', 'Content-Type': 'application/json' },
        body: '{"name":"Nemo","categoryId":3,"status":"sold"}',
      },
    ],
    seed: SEED,
    path: '12:0',
    replay: `${REPLAY} --replay 'listPets/valid#0:12:0'`,
  },
};

/** Where the contract is silent: the default of `status`. */
export const gapFinding: Finding = {
  code: 'contract_gap',
  severity: 'warning',
  operationId: 'createPet',
  check: 'schema',
  gap: 'NewPet.status default',
  evidence: { scenario: 'default-status', member: 'status', defaultStatus: 'available' },
};

/** Where the contract is silent: unknown query parameters. */
export const unknownParamFinding: Finding = {
  code: 'contract_gap',
  severity: 'warning',
  operationId: 'listPets',
  check: 'negative',
  gap: 'unknown query parameters',
  evidence: {
    scenario: 'invalid-accepted',
    status: 200,
    location: 'query.colour',
    pointer: '',
    keyword: 'additionalProperties',
    why: 'an unknown query parameter (?colour=red)',
  },
  request: { method: 'GET', path: '/pets?colour=red', headers: { Authorization: 'Bearer $API_KEY' } },
};

/** Worth knowing, never fails. */
export const deprecationFinding: Finding = {
  code: 'deprecation_headers',
  severity: 'advisory',
  operationId: 'getPet',
  check: 'deprecation',
  evidence: { scenario: 'missing', missing: ['Deprecation', 'Sunset'], xSunset: '2030-12-05' },
};

const base = {
  schemaVersion: 1,
  tool: { name: 'openapi-contract-kit', version: '0.1.0' },
  target: TARGET,
  spec: { title: 'Animal Store API', version: '1.0.0', file: 'spec/openapi.yaml' },
  runId: 'a3f9c2e17b04d6e8',
  seed: SEED,
  options: { runs: 100, strict: false, readOnly: false, only: [], skip: [] },
  startedAt: '2025-06-03T09:26:41.512Z',
} as const;

/** A failed run: two failures, two contract gaps, one advisory. */
export const sampleFailedReport: RunReport = {
  ...base,
  durationMs: 8734,
  requests: 1284,
  verdict: 'failed',
  tallies: tallies(
    { 'createPet server_error': 1, 'listPets semantics.filter': 1 },
    { 'createPet schema': 1, 'listPets negative': 1 },
  ),
  findings: [serverErrorFinding, filterFinding, gapFinding, unknownParamFinding, deprecationFinding],
};

/** A certified run: no failure, two contract gaps, one advisory. */
export const sampleCertifiedReport: RunReport = {
  ...base,
  durationMs: 7912,
  requests: 1291,
  verdict: 'certified',
  tallies: tallies({}, { 'createPet schema': 1, 'listPets negative': 1 }),
  findings: [gapFinding, unknownParamFinding, deprecationFinding],
};

/** A run that could not be carried out. */
export const sampleErrorReport: RunReport = {
  ...base,
  target: 'http://localhost:9/v1',
  durationMs: 31,
  requests: 0,
  verdict: 'error',
  error: 'connect ECONNREFUSED 127.0.0.1:9 (the target is not reachable)',
  tallies: [],
  findings: [],
};

/** A report whose every string field tries to break out of its format and leak the key. */
export const hostileReport: RunReport = {
  ...sampleFailedReport,
  findings: [
    {
      ...serverErrorFinding,
      code: 'transport_error',
      operationId: 'createPet',
      evidence: {
        scenario: 'exchange',
        kind: `<img src=x onerror=alert(1)> ]]><!-- ${SAMPLE_KEY}`,
        detail: `<script>alert("x")</script> ]]> & ' " leaked Bearer ${SAMPLE_KEY} \u0007 end`,
      },
      request: {
        method: 'POST',
        path: '/pets',
        headers: { Authorization: `Bearer ${SAMPLE_KEY}` },
        body: `{"k":"${SAMPLE_KEY}"}`,
      },
      response: {
        status: 500,
        headers: {},
        body: `</pre><script>steal("${SAMPLE_KEY}")</script>`,
        truncated: true,
        durationMs: 1,
      },
      reproducer: {
        request: {
          method: 'POST',
          path: '/pets',
          headers: { Authorization: `Bearer ${SAMPLE_KEY}` },
          body: '{"name":"</code>"}',
        },
        seed: SEED,
        replay: `${REPLAY} --key ${SAMPLE_KEY}`,
      },
    },
    {
      ...gapFinding,
      gap: '<b>gap</b>',
      evidence: { scenario: 'default-status', member: 'status', defaultStatus: `gap with key ${SAMPLE_KEY}` },
    },
    {
      ...deprecationFinding,
      evidence: { scenario: 'missing', missing: ['<iframe> advisory Basic dXNlcjpwYXNzd29yZA=='] },
    },
  ],
};
