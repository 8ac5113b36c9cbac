import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EvidenceByCode, Finding, FindingCode, FindingOf, RunReport } from '../findings/index.js';
import { createAjv } from '../../spec/_internals/ajv.js';
import { describeBoundary, describeFinding } from './describe-finding.js';
import { renderJson, toJsonReport } from './json.js';
import { EVERY_FINDING } from './__fixtures__/every-finding.js';
import { sampleFailedReport } from './__fixtures__/sample-report.js';

type Schema = Record<string, unknown>;
const schema = JSON.parse(readFileSync(new URL('./run-report.schema.json', import.meta.url), 'utf8')) as {
  $defs: Record<string, Schema>;
};
const validate = createAjv().compile(schema);
/** The finding: the codes it lists, and for each code (`if`) the finding of that code (`then`). */
const findingSchema = schema.$defs.JsonFinding as {
  properties: { code: { enum: FindingCode[] } };
  allOf: { if: { properties: { code: { const: string } } }; then: Schema }[];
};

/** The scenario or rule literal that tells a finding's situation apart, if its code has several. */
const situation = (f: Finding): string => {
  const e = f.evidence as { scenario?: string; rule?: string };
  return `${f.code}:${e.scenario ?? e.rule ?? ''}`;
};

/** The scenario and rule literals the JSON Schema lists for a code's evidence. */
function schemaSituations(code: FindingCode): string[] {
  const resolve = (s: Schema): Schema =>
    typeof s.$ref === 'string' ? schema.$defs[decodeURIComponent(s.$ref.replace('#/$defs/', ''))]! : s;
  const ofCode = findingSchema.allOf.find((branch) => branch.if.properties.code.const === code)!;
  const node = resolve((resolve(ofCode.then).properties as Record<string, Schema>).evidence!);
  const alternatives = (node.anyOf as Schema[] | undefined) ?? [node];
  return alternatives.map((a) => {
    const props = a.properties as Record<string, { const?: string }>;
    return `${code}:${props.scenario?.const ?? props.rule?.const ?? ''}`;
  });
}

describe('describeFinding', () => {
  it('has words for every code and every scenario of its evidence', () => {
    const codes = findingSchema.properties.code.enum;
    expect(new Set(EVERY_FINDING.map((f) => f.code))).toEqual(new Set(codes));
    for (const f of EVERY_FINDING) {
      const sentence = describeFinding(f);
      expect(sentence, situation(f)).toMatch(/^\S.*[.)]$/s);
      expect(sentence, situation(f)).not.toMatch(/undefined|\[object Object\]|NaN/);
    }
  });

  it('covers in its fixtures exactly the situations the JSON Schema lists', () => {
    const codes = [...new Set(EVERY_FINDING.map((f) => f.code))];
    expect(new Set(EVERY_FINDING.map(situation))).toEqual(new Set(codes.flatMap(schemaSituations)));
  });

  it('gives different words to different situations of one code', () => {
    const bySituation = new Map<string, Set<string>>();
    for (const f of EVERY_FINDING) {
      const words = bySituation.get(situation(f)) ?? new Set<string>();
      words.add(describeFinding(f));
      bySituation.set(situation(f), words);
    }
    const all = [...bySituation.values()].flatMap((w) => [...w]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps the sentences tests and readers rely on', () => {
    const [answered] = EVERY_FINDING;
    expect(describeFinding(answered!)).toBe('The server answered 500.');
    const auth = EVERY_FINDING.find((f) => situation(f) === 'auth_ignored:accepted')!;
    expect(describeFinding(auth)).toBe('A request with an unknown key was accepted with 200; it must get 401.');
    const headers = EVERY_FINDING.find((f) => situation(f) === 'schema_mismatch:headers')!;
    expect(describeFinding(headers)).toBe(
      'The 200 answer breaks the headers createPet documents: the required header X-Rate is missing; X-Next: not a simple-style value; X-Count: "many" must be integer.',
    );
    const errors = EVERY_FINDING.find((f) => f.code === 'invalid_json')!;
    expect(describeFinding(errors)).toBe(
      'The 415 body is not JSON; it must match the error schema (every error response createPet documents (400, 401) carries this one body).',
    );
  });

  it('adds what the engine learned after the finding: the narrowed members, the boundary, the spelling', () => {
    const base = EVERY_FINDING.find((f) => situation(f) === 'contract_gap:edge-refused')!;
    const narrowed: Finding = {
      ...base,
      context: {
        narrowed: { members: ['name', 'tags'], reasons: ['/body/name is long', '/body/tags has 900 items'] },
        boundary: {
          label: '/body/name',
          unit: 'UTF-16 units',
          range: { shape: 'at-least', low: '51', lowPass: '50', tried: '4', exact: true },
        },
        spelling: 'tabs and CR LF',
      },
    };
    expect(describeFinding(narrowed)).toBe(
      `${describeFinding(base)} Narrowed: the refusal goes when /body/name and /body/tags take ordinary values (/body/name is long; /body/tags has 900 items). Boundary: fails for /body/name of 51 UTF-16 units or more (4 tried); 50 passes. (The request was an ordinary one but for tabs and CR LF.)`,
    );
  });

  it('words each shape of boundary, and says when its ends are approximate', () => {
    expect(
      describeBoundary({
        label: 'query limit',
        range: { shape: 'between', low: '3', high: '9', lowPass: '2', highPass: '10', exact: false },
      }),
    ).toBe('fails for query limit = 3 to 9; 2 and 10 pass (ends approximate)');
    expect(
      describeBoundary({
        label: '/body/n',
        range: { shape: 'at-most', high: '-1', highPass: '0', tried: '5', exact: true },
      }),
    ).toBe('fails for /body/n = -1 or less (5 tried); 0 passes');
  });
});

describe('the finding union', () => {
  it('gives each code its own evidence (compile-time)', () => {
    expectTypeOf<Extract<Finding, { code: 'server_error' }>>().toEqualTypeOf<FindingOf<'server_error'>>();
    expectTypeOf<Extract<Finding, { code: 'redirect' }>['evidence']>().toEqualTypeOf<EvidenceByCode['redirect']>();
    expectTypeOf<FindingOf<'transport_error'>['evidence']>().toHaveProperty('scenario');
    expectTypeOf<{
      code: 'server_error';
      severity: 'failure';
      operationId: string;
      check: 'schema';
      evidence: { scenario: 'answered'; status: number };
    }>().toExtend<Finding>();
    // A code with another code's evidence, or with a sentence instead of evidence, is not a finding.
    expectTypeOf<{
      code: 'server_error';
      severity: 'failure';
      operationId: string;
      check: 'schema';
      evidence: { bodyStatus: number; httpStatus: number };
    }>().not.toExtend<Finding>();
    expectTypeOf<{
      code: 'redirect';
      severity: 'failure';
      operationId: string;
      check: 'schema';
      message: string;
    }>().not.toExtend<Finding>();
  });

  it('narrows evidence by code and scenario', () => {
    const f = EVERY_FINDING.find((x) => situation(x) === 'positive_rejected:existing-not-found')!;
    if (f.code === 'positive_rejected' && f.evidence.scenario === 'existing-not-found')
      expect(f.evidence.existing).toEqual({ petId: '77' });
    else expect.unreachable();
  });
});

describe('typed evidence in the JSON report', () => {
  const report = (findings: readonly Finding[]): RunReport => ({ ...sampleFailedReport, findings });

  it('validates every situation against run-report.schema.json, with its sentence as message', () => {
    const json = toJsonReport(report(EVERY_FINDING));
    expect(validate(json), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const messages = json.findings.map((f) => f.message);
    expect(messages).toEqual(EVERY_FINDING.map(describeFinding));
  });

  it('validates evidence whose values read from an answer were undefined, as JSON leaves them out', () => {
    // What the kit wrote against servers that drop a member (fixtures/impls create-drops-status,
    // filter-includes-unset): a member of type unknown that is absent from the file.
    const dropped: Finding[] = [
      { ...EVERY_FINDING[0]!, code: 'semantic_violation', evidence: { rule: 'echo', member: 'status', sent: 'sold' } },
      {
        ...EVERY_FINDING[0]!,
        code: 'semantic_violation',
        evidence: { rule: 'filter', filter: 'sold', total: 3, offending: 1, mismatched: [{ id: '2' }] },
      },
    ];
    const json = JSON.parse(renderJson(report(dropped))) as unknown;
    expect(validate(json), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it('refuses evidence that does not fit its code', () => {
    const [first] = EVERY_FINDING;
    const wrong = { ...first!, evidence: { bodyStatus: 1, httpStatus: 2 } } as unknown as Finding;
    expect(validate(toJsonReport(report([wrong])))).toBe(false);
    const unknownRule = {
      ...EVERY_FINDING.find((f) => f.code === 'semantic_violation')!,
      evidence: { rule: 'made-up' },
    } as unknown as Finding;
    expect(validate(toJsonReport(report([unknownRule])))).toBe(false);
    // A report of another version still renders: the evidence is shown as it is.
    expect(describeFinding(unknownRule)).toBe('(no words for {"rule":"made-up"})');
  });
});
