/**
 * The example browser app's traffic, without the browser: the app's own API client
 * (examples/frontend/api.ts, openapi-fetch) runs its journey in Node through the proxy to the Animal
 * Store reference server, correct or with one planted defect. The proxy reports the defect the
 * journey reaches and nothing else; the journey recorded as HAR and replayed by the kit certifies
 * the correct server and fails the defective one on the same code × operation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiSettings, createPet, getPet, listPets } from '../examples/frontend/api.js';
import { CORRECT_VARIANTS, type Fault, startImplementation } from '../fixtures/impls/index.js';
import { DEFAULT_API_KEY, startReference } from '../fixtures/impls/reference.js';
import { DEFAULT_SPEC_PATH } from '../spec/index.js';
import { failureKeys, recordSession, replayRecorded } from './_test-support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

/** What the page does in one visit: list, filter, add a pet, open it, open an unknown one, a wrong key. */
async function appJourney(baseUrl: string): Promise<string[]> {
  const settings: ApiSettings = { baseUrl, apiKey: DEFAULT_API_KEY, delayMs: 0 };
  const outcomes: string[] = [];
  const note = (r: { kind: string; status?: number }) => outcomes.push(r.kind === 'http' ? `http ${r.status}` : r.kind);
  note(await listPets(settings));
  note(await listPets(settings, 'sold'));
  const created = await createPet(settings, { name: 'Quokka', categoryId: 3, status: 'sold' });
  note(created);
  note(await getPet(settings, created.kind === 'ok' ? String(created.value.id) : '1'));
  note(await getPet(settings, '999999'));
  const wrongKey = await listPets({ ...settings, apiKey: 'not-the-key' });
  outcomes.push(wrongKey.kind === 'http' ? `http ${wrongKey.status}` : wrongKey.kind);
  return outcomes;
}

async function session(faults: readonly Fault[]) {
  const server = await startReference({ faults });
  open.push(server);
  let outcomes: string[] = [];
  const { proxy, har } = await recordSession(DEFAULT_SPEC_PATH, server.url, async (url) => {
    outcomes = await appJourney(url);
  });
  return { proxy, har, outcomes };
}

async function replay(faults: readonly Fault[], har: string) {
  const server = await startReference({ faults });
  open.push(server);
  return replayRecorded(DEFAULT_SPEC_PATH, DEFAULT_API_KEY, server.url, har);
}

const failures = failureKeys;

describe('the example app’s traffic through the proxy to the Animal Store reference server', () => {
  it('finds nothing on the correct server, and the recorded journey certifies it', async () => {
    const { proxy, har, outcomes } = await session([]);
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'http 404', 'http 401']);
    expect(proxy.session.findings().filter((f) => f.severity !== 'advisory')).toEqual([]);
    const replayed = await replay([], har);
    expect(replayed.skipped).toEqual([]);
    expect(failures(replayed.findings)).toEqual([]);
    // The recorded refusal (a wrong key) is replayed as one: a credential the server must refuse, not the run's key.
    expect(replayed.exchanges.map((e) => e.response?.status)).toEqual([200, 200, 201, 200, 404, 401]);
    expect(replayed.exchanges.at(-1)?.case).toMatchObject({ kind: 'auth', auth: 'unknown-key' });
  });

  const planted: [Fault, string[]][] = [
    ['create-200', ['undocumented_status createPet']],
    ['pet-id-string', ['schema_mismatch createPet', 'schema_mismatch getPet', 'schema_mismatch listPets']],
    ['list-status-outside-enum', ['schema_mismatch listPets']],
    // Checks that hold whatever the request meant: an Error body's status, a 401's challenge.
    ['error-status-mismatch-404', ['error_status_mismatch getPet']],
    ['auth-401-no-challenge', ['auth_challenge_missing listPets']],
  ];
  it.each(planted)('%s: the proxy reports it and nothing else; the replay fails on it', async (fault, expected) => {
    const { proxy, har } = await session([fault]);
    expect(failures(proxy.session.findings())).toEqual(expected);
    const replayed = await replay([fault], har);
    expect(failures(replayed.findings)).toEqual(expected);
  });

  // A client's invalid request is the client's violation. The server refusing it with a 4xx the
  // operation does not document (listPets has no 400, createPet no 415) is right, not a defect: the
  // kit certifies every one of these variants.
  it.each(CORRECT_VARIANTS.map((v) => [v.id, v] as const))(
    '%s: a 4xx refusing an invalid request is not reported against the server',
    async (_id, variant) => {
      const server = await startImplementation(variant);
      open.push(server);
      const auth = { Authorization: `Bearer ${DEFAULT_API_KEY}` };
      const statuses: number[] = [];
      const { proxy } = await recordSession(DEFAULT_SPEC_PATH, server.url, async (url) => {
        for (const [path, init] of [
          ['/pets/abc', {}],
          ['/pets?limit=500', {}],
          ['/pets?status=adopted', {}],
          ['/pets', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' }],
          ['/pets', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"name":"x","categoryId":1}' }],
        ] as const) {
          const r = await fetch(`${url}${path}`, {
            ...init,
            headers: { ...auth, ...('headers' in init ? init.headers : {}) },
          });
          statuses.push(r.status);
          await r.arrayBuffer();
        }
      });
      // Some variants refuse them all (400, 404, 415), others ignore a bad limit or status (200).
      expect(statuses.every((s) => s < 500)).toBe(true);
      const found = proxy.session.findings();
      expect(found.filter((f) => f.code !== 'request_violation')).toEqual([]);
      expect(found.map((f) => f.operationId).sort()).toEqual([
        'createPet',
        'createPet',
        'getPet',
        'listPets',
        'listPets',
      ]);
    },
  );
});
