import { describe, expect, it } from 'vitest';
import type { Case, Exchange, WireJson } from '../cases/index.js';
import { narrowRefusal } from './narrow.js';
import { describeFinding } from '../report/describe-finding.js';

type Obj = Record<string, WireJson>;

/** A target that refuses names over 10 units and categoryId 7, and counts what it was sent. */
function target(refuse: (body: Obj) => boolean) {
  const sent: Obj[] = [];
  const send = async (c: Case): Promise<Exchange> => {
    const body = (c.body as { value: Obj }).value;
    sent.push(body);
    const status = refuse(body) ? 400 : 201;
    return {
      case: c,
      request: { method: 'POST', path: '/pets', headers: {} },
      response: { status, headers: {}, bodyText: '', json: undefined, exactJson: undefined, durationMs: 1 },
    } as unknown as Exchange;
  };
  return { send, sent };
}

const caseOf = (value: Obj): Case => ({
  operationId: 'createPet',
  family: 'valid',
  kind: 'valid',
  pathParams: {},
  query: [],
  auth: 'valid',
  body: { kind: 'json', value },
  edge: { gap: 'unknown-fields', description: '/body/nickname is not a documented property' },
});
const ordinary: Obj = { name: 'Rex', categoryId: 1 };
const rule = (b: Obj) => (typeof b.name === 'string' && b.name.length > 10) || b.categoryId === 7;

describe('narrowRefusal', () => {
  it('names the member whose value is refused, not the edge the case carried', async () => {
    const t = target(rule);
    expect(await narrowRefusal(t.send, caseOf({ name: 'Rex', categoryId: 7, nickname: 'x' }), ordinary)).toEqual({
      kind: 'members',
      members: ['categoryId'],
    });
    expect(t.sent.length).toBeLessThanOrEqual(3);
  });

  it('keeps every member that alone is refused', async () => {
    const t = target(rule);
    expect(
      await narrowRefusal(t.send, caseOf({ name: 'x'.repeat(20), categoryId: 7, nickname: 'x' }), ordinary),
    ).toEqual({ kind: 'members', members: ['name', 'categoryId'] });
  });

  it('says when the body is not the cause (an ordinary body is refused too)', async () => {
    const t = target(() => true);
    expect(await narrowRefusal(t.send, caseOf({ name: 'Rex', categoryId: 2 }), ordinary)).toEqual({
      kind: 'not-body',
      status: 400,
      members: ['categoryId'],
    });
  });

  it('concludes nothing from a step answered 409, a conflict with state, not the values refused', async () => {
    // keep-api (held-out set 43): the first narrowing request registered the ordinary username, the
    // next got 409 "User already exists", and the refusal was blamed on the password.
    let created = 0;
    const send = async (c: Case): Promise<Exchange> => {
      const body = (c.body as { value: Obj }).value;
      const status = body.name === '' ? 400 : created++ > 0 ? 409 : 201;
      return {
        case: c,
        request: { method: 'POST', path: '/pets', headers: {} },
        response: { status, headers: {}, bodyText: '', json: undefined, exactJson: undefined, durationMs: 1 },
      } as unknown as Exchange;
    };
    expect(await narrowRefusal(send, caseOf({ name: '', categoryId: 5, nickname: 'x' }), ordinary)).toBeUndefined();
  });

  it('leaves out members the ordinary body does not have', async () => {
    const t = target((b) => 'nickname' in b);
    expect(await narrowRefusal(t.send, caseOf({ name: 'Rex', categoryId: 1, nickname: 'x' }), ordinary)).toEqual({
      kind: 'members',
      members: ['nickname'],
    });
    expect(t.sent[0]).toEqual({ name: 'Rex', categoryId: 1 });
  });
});

describe('executeNarrowed', async () => {
  const { loadSpec } = await import('../../spec/index.js');
  const { executeNarrowed } = await import('./narrow.js');
  const spec = await loadSpec();
  const operation = spec.operation('createPet')!;
  const contextFor = (refuse: (b: Obj) => boolean) => {
    const t = target(refuse);
    return {
      spec,
      readOnly: false,
      seed: 1,
      known: () => ({}),
      send: t.send,
      // The status check's verdict on a refused valid case: a gap when it carries an edge.
      judge: (e: Exchange) =>
        e.response!.status >= 400 && e.case.edge
          ? [
              {
                code: 'contract_gap' as const,
                severity: 'warning' as const,
                operationId: 'createPet',
                check: 'positive' as const,
                gap: e.case.edge.gap,
                evidence: {
                  scenario: 'edge-refused' as const,
                  status: e.response!.status,
                  edge: e.case.edge.description,
                },
                request: e.request,
              },
            ]
          : [],
    };
  };

  it('keeps the gap, narrowed, when the edge is the cause', async () => {
    const result = await executeNarrowed(
      contextFor((b) => 'nickname' in b),
      operation,
      caseOf({ name: 'Rex', categoryId: 1, nickname: 'x' }),
    );
    expect(result.findings.map((f) => f.severity)).toEqual(['warning']);
    expect(describeFinding(result.findings[0]!)).toMatch(
      /Narrowed: the refusal goes when \/body\/nickname take ordinary values/,
    );
  });

  it('attributes the refusal to the member that caused it, not to the first edge the case carried', async () => {
    const title = 'x'.repeat(197);
    const result = await executeNarrowed(
      contextFor((b) => 'nickname' in b),
      operation,
      {
        ...caseOf({ name: title, categoryId: 1, nickname: 'x' }),
        edge: { gap: 'field-size-limits', description: `/body/name is 197 UTF-16 units long` },
      },
    );
    expect(result.findings.map((f) => [f.severity, f.gap])).toEqual([['warning', 'unknown-fields']]);
    expect(result.findings[0]!.evidence).toMatchObject({ edge: '/body/nickname is not a documented property' });
    expect(describeFinding(result.findings[0]!)).not.toContain('197');
  });

  it('does not blame the edge where the same request with ordinary values is refused too', async () => {
    // family-tree (held-out set 44): a 409 for an id the run had used, reported as "the limit it hit:
    // an id beyond 2^53".
    const result = await executeNarrowed(
      contextFor(() => true),
      operation,
      {
        ...caseOf({ name: 'x'.repeat(197), categoryId: 1 }),
        edge: { gap: 'field-size-limits', description: '/body/name is 197 UTF-16 units long' },
      },
    );
    expect(result.findings.map((f) => [f.severity, f.gap])).toEqual([['warning', 'unjudged-input']]);
    expect(describeFinding(result.findings[0]!)).toMatch(
      /could not attribute: the same request with ordinary values in "name" was refused too \(400\)/,
    );
  });

  it('says a 409 to a case with an edge is a conflict with state, not the edge', async () => {
    const context = contextFor(() => true);
    const conflicting = {
      ...context,
      send: async (c: Case) => ({
        ...(await context.send(c)),
        response: { ...(await context.send(c)).response!, status: 409 },
      }),
    };
    const result = await executeNarrowed(conflicting as never, operation, {
      ...caseOf({ name: 'Rex', categoryId: 1 }),
      edge: { gap: 'field-size-limits', description: '/body/id is 2^53 + 1' },
    });
    expect(result.findings.map((f) => [f.severity, f.gap])).toEqual([['warning', 'unjudged-input']]);
    expect(describeFinding(result.findings[0]!)).toContain("a conflict with the target's state (409");
    expect(result.exchanges).toHaveLength(1);
  });

  it('fails a refusal whose cause is a value the schema allows, naming it', async () => {
    // `status` is an enum: the schema says which values the server takes.
    const result = await executeNarrowed(
      contextFor((b) => b.status === 'pending'),
      operation,
      caseOf({ name: 'Rex', categoryId: 1, status: 'pending', nickname: 'x' }),
    );
    expect(result.findings.map((f) => [f.code, f.severity])).toEqual([['positive_rejected', 'failure']]);
    expect(describeFinding(result.findings[0]!)).toMatch(/\/body\/status = "pending" alone is refused/);
  });

  it('leaves a documented 400 of a value whose schema states only a type as a gap (held-out set 80)', async () => {
    // `categoryId: integer, int64` says nothing of which ids the server takes; createPet documents
    // 400 for "invalid values" (a server may refuse an id naming no category). The same rule as
    // for a case without an edge (checks/status.ts).
    const result = await executeNarrowed(
      contextFor((b) => b.categoryId === 0),
      operation,
      caseOf({ name: 'Rex', categoryId: 0, nickname: 'x' }),
    );
    expect(result.findings.map((f) => [f.code, f.severity, f.gap])).toEqual([
      ['contract_gap', 'warning', 'unjudged-input'],
    ]);
    expect(describeFinding(result.findings[0]!)).toMatch(/"categoryId", whose schema states only a type/);
  });

  it('judges the answers the narrowing requests got: a success whose body breaks its schema is found', async () => {
    const context = contextFor((b) => 'nickname' in b);
    const judge = context.judge;
    const broken = (e: Exchange) => ({
      code: 'schema_mismatch' as const,
      severity: 'failure' as const,
      operationId: 'createPet',
      check: 'schema' as const,
      evidence: { scenario: 'empty-body' as const, status: e.response!.status, schema: { source: 'status' as const } },
      request: e.request,
    });
    // The target's successes break their schema; its input verdicts are narrowing's own business.
    const withSchema = {
      ...context,
      judge: (e: Exchange) =>
        e.response!.status < 300
          ? [broken(e), { ...broken(e), code: 'positive_rejected' as const, check: 'positive' as const }]
          : judge(e),
    };
    const result = await executeNarrowed(
      withSchema as never,
      operation,
      caseOf({ name: 'Rex', categoryId: 1, nickname: 'x' }),
    );
    expect(result.findings.map((f) => `${f.check} ${f.severity}`)).toEqual(['positive warning', 'schema failure']);
    expect(result.exchanges.length).toBeGreaterThan(1);
  });
});

describe('a refusal resting on values whose schemas state only a type (held-out set 33, express-tasks)', async () => {
  const { specFromDocument } = await import('../../spec/index.js');
  const { executeNarrowed } = await import('./narrow.js');
  const spec = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'tasks', version: '1' },
    paths: {
      '/tasks': {
        get: {
          operationId: 'listTasks',
          parameters: [
            { name: 'sort', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
          ],
          responses: { '200': { description: 'ok' }, '400': { description: 'Invalid query parameters' } },
        },
      },
    },
  } as never);
  const operation = spec.operation('listTasks')!;
  const listing: Case = {
    operationId: 'listTasks',
    family: 'valid',
    kind: 'valid',
    pathParams: {},
    query: [
      ['sort', 'asc'],
      ['limit', '0'],
    ],
    auth: 'valid',
  };
  const contextFor = (refuses: (query: readonly (readonly [string, string])[]) => boolean) => {
    const sent: Case[] = [];
    return {
      sent,
      context: {
        spec,
        readOnly: false,
        seed: 1,
        known: () => ({}),
        send: async (c: Case) => {
          sent.push(c);
          const status = refuses(c.query) ? 400 : 200;
          return {
            case: c,
            request: { method: 'GET', path: '/tasks', headers: {} },
            response: { status, headers: {}, bodyText: '', json: undefined, exactJson: undefined, durationMs: 1 },
          } as unknown as Exchange;
        },
        judge: (e: Exchange) =>
          e.response!.status === 400
            ? [
                {
                  code: 'positive_rejected' as const,
                  severity: 'failure' as const,
                  operationId: 'listTasks',
                  check: 'positive' as const,
                  evidence: { scenario: 'refused' as const, status: 400, successes: ['200'] },
                  request: e.request,
                },
              ]
            : [],
      },
    };
  };

  it('is a gap when the same request without the bare values is accepted', async () => {
    const { context, sent } = contextFor((q) => q.some(([n, v]) => n === 'limit' && v === '0'));
    const result = await executeNarrowed(context as never, operation, listing);
    expect(result.findings.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    expect(describeFinding(result.findings[0]!)).toContain('"limit"');
    expect(sent[1]!.query).toEqual([['sort', 'asc']]);
  });

  it('stays a failure when the request is refused without them too', async () => {
    const { context } = contextFor(() => true);
    const result = await executeNarrowed(context as never, operation, listing);
    expect(result.findings.map((f) => [f.code, f.severity])).toEqual([['positive_rejected', 'failure']]);
  });
});

describe('a value the schema allows, refused with a 400 documented for a state (held-out set 119)', async () => {
  const { specFromDocument } = await import('../../spec/index.js');
  const { executeNarrowed } = await import('./narrow.js');
  const quizzes = (words: string) =>
    specFromDocument({
      openapi: '3.0.3',
      info: { title: 'quiz', version: '1' },
      paths: {
        '/quizzes': {
          post: {
            operationId: 'createPet',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { category: { type: 'string', enum: ['general', 'web'] }, name: { type: 'string' } },
                  },
                  // The ordinary body narrowing returns to: a quiz of a category that has questions.
                  example: { category: 'general', name: 'a' },
                },
              },
            },
            responses: { '201': { description: 'Quiz created' }, '400': { description: words } },
          },
        },
      },
    } as never).operation('createPet')!;
  const context = {
    readOnly: false,
    seed: 1,
    known: () => ({}),
    // A quiz of the category `web`, which has no questions, is refused.
    send: target((b) => b.category === 'web').send,
    judge: (e: Exchange) =>
      e.response!.status >= 400 && e.case.edge
        ? [
            {
              code: 'contract_gap' as const,
              severity: 'warning' as const,
              operationId: 'createPet',
              check: 'positive' as const,
              gap: e.case.edge.gap,
              evidence: {
                scenario: 'edge-refused' as const,
                status: e.response!.status,
                edge: e.case.edge.description,
              },
              request: e.request,
            },
          ]
        : [],
  };
  const quiz = caseOf({ category: 'web', name: 'a', nickname: 'x' });

  it('is a gap when one reason the 400 gives is a state', async () => {
    const operation = quizzes('Validation error or not enough questions');
    const result = await executeNarrowed({ ...context, spec: {} } as never, operation, quiz);
    expect(result.findings.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    expect(describeFinding(result.findings[0]!)).toContain('category = "web", refused with 400');
    expect(describeFinding(result.findings[0]!)).toContain('"not enough questions"');
  });

  it('fails where the 400 gives only input as its reason', async () => {
    const operation = quizzes('Validation error');
    const result = await executeNarrowed({ ...context, spec: {} } as never, operation, quiz);
    expect(result.findings.map((f) => [f.code, f.severity])).toEqual([['positive_rejected', 'failure']]);
  });
});
