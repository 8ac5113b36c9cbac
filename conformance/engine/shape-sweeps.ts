import type { Case, Exchange } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import { ExchangeLog } from '../sweep/index.js';
import { ordinaryParts, sendsJson, toValidCase } from '../generate/index.js';
import { integerFormFamily, jsonSpellings, type JsonSpelling } from '../generate/json-spellings.js';
import { queryShapes } from '../generate/query-shapes.js';
import { checkParameterText, type OperationModel, type ParameterModel, type SpecModel } from '../../spec/index.js';
import { requiresAuth } from '../../spec/security/index.js';
import type { PropertyContext } from './kit-property.js';
import type { KitSweep } from './kit-property.js';

const writes = (operation: OperationModel) => !['get', 'head', 'options'].includes(operation.method);

/**
 * Sweeps of other spellings of ordinary valid requests: every legal JSON spelling of the body
 * (generate/json-spellings.ts) and every shape of the query (generate/query-shapes.ts), each sent
 * once and judged by every check with what the request means, so a spelling read differently
 * (a longer page, an unfiltered list, another number) fails like any other wrong answer.
 */
export function shapeSweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  const sweeps: KitSweep[] = [];
  for (const operation of spec.operations) {
    if (readOnly && writes(operation)) continue;
    const cases = (): { cases: Case[]; spellings: Map<Case, JsonSpelling> } => {
      const base = toValidCase(operation, ordinaryParts(operation, context.known(operation.operationId), context.seed));
      const spellings = new Map<Case, JsonSpelling>();
      const out: Case[] = [];
      if (operation.requestBody && sendsJson(operation) && base.body?.kind === 'json') {
        for (const spelling of jsonSpellings(base.body.value, operation.requestBody.schema.schema)) {
          const { edge: _, ...rest } = base;
          const edge = spelling.edge ?? base.edge;
          const c: Case = {
            ...rest,
            family: 'json-spellings',
            body: { kind: 'raw', text: spelling.text, contentType: 'application/json' },
            ...(edge ? { edge } : {}),
          };
          spellings.set(c, spelling);
          out.push(c);
        }
      }
      const pairs = shapePairs(operation, base);
      for (const shape of queryShapes(pairs)) {
        const { edge: _, ...rest } = base;
        const edge = shape.edge ?? base.edge;
        if (!shape.withoutKeyOnly)
          out.push({ ...rest, family: 'query-shapes', query: pairs, queryText: shape.text, ...(edge ? { edge } : {}) });
        // Without a key the answer is 401, whatever shape the query has (§5.3 reads: missing key → 401).
        // A shape a server may refuse as malformed (empty pairs, ";") may be refused before the key
        // is judged, as a body no parser reads may (the auth-precedence gap); a 2xx still fails.
        if (requiresAuth(operation.security) && operation.security.access !== 'optional') {
          const malformed = shape.edge !== undefined || shape.withoutKeyOnly === true;
          out.push({
            ...rest,
            family: 'query-shapes',
            kind: 'auth',
            auth: 'none',
            query: pairs,
            queryText: shape.text,
            ...(malformed
              ? {
                  edge: {
                    gap: 'auth-precedence',
                    layer: 'syntax' as const,
                    description: `also invalid: ${shape.description} in the query`,
                  },
                }
              : {}),
          });
        }
      }
      return { cases: out, spellings };
    };
    sweeps.push({
      id: `${operation.operationId}/shapes`,
      family: 'shapes',
      operationId: operation.operationId,
      async execute() {
        const { cases: built, spellings } = cases();
        const log = new ExchangeLog(context);
        const controls = new Map<string, Exchange>();
        for (const c of built) {
          const exchange = await log.send(c, false);
          const spelling = spellings.get(c);
          // Each spelling differs from an ordinary request in one way: the finding says which.
          const how =
            spelling?.description ??
            (c.queryText !== undefined ? `the query written ${JSON.stringify(`?${c.queryText}`)}` : undefined);
          let judged = context.judge(exchange);
          // A refused spelling is blamed on its spelling only if the same value written plainly is
          // taken: otherwise the value itself was refused (a rule the contract leaves open), and the
          // plain request's own verdict speaks for it.
          // The same for a query shape: its control is the same pairs written plainly, sent once.
          if (!spelling && c.queryText !== undefined && judged.some((f) => f.code === 'positive_rejected')) {
            const key = `query ${JSON.stringify(c.query)} ${c.kind}`;
            let control = controls.get(key);
            if (!control) {
              const { queryText: _, ...plain } = c;
              control = await log.send(plain, false);
              controls.set(key, control);
              log.add(...context.judge(control).filter((f) => f.code !== 'positive_rejected'));
            }
            const status = control.response?.status ?? 0;
            if (status >= 400 && status < 500) judged = judged.filter((f) => f.code !== 'positive_rejected');
          }
          if (spelling && judged.some((f) => f.code === 'positive_rejected')) {
            let control = controls.get(spelling.plain);
            if (!control) {
              control = await log.send(
                {
                  ...c,
                  body: { kind: 'raw', text: spelling.plain, contentType: 'application/json' },
                },
                false,
              );
              controls.set(spelling.plain, control);
              log.add(...context.judge(control).filter((f) => f.code !== 'positive_rejected'));
            }
            const status = control.response?.status ?? 0;
            if (status >= 400 && status < 500) judged = judged.filter((f) => f.code !== 'positive_rejected');
          }
          log.add(
            ...judged.map((f) =>
              how && f.severity === 'failure' ? { ...f, context: { ...f.context, spelling: how } } : f,
            ),
          );
        }
        const results = log.exchanges.flatMap((e) => {
          const spelling = spellings.get(e.case);
          return spelling ? [{ spelling, status: e.response?.status, exchange: e }] : [];
        });
        const split = integerFormFamily(results);
        if (split) {
          const refused = split.refused[0]!;
          const exchange = results.find((r) => r.spelling === refused)!.exchange;
          log.add(
            findingOf(exchange, {
              code: 'positive_rejected',
              severity: 'failure',
              check: 'positive',
              evidence: {
                scenario: 'integer-spelling',
                status: exchange.response!.status,
                refused: split.refused.map((s) => s.description),
                accepted: split.accepted.map((s) => s.description),
              },
            }),
          );
        }
        return log.execution();
      },
    });
  }
  return sweeps;
}

/**
 * The query the shapes are made of: every query parameter once, with a value whose effect is
 * visible (a small bound of an integer, the last value of an enum) and that its schema takes;
 * the ordinary request's value otherwise. None when a required parameter cannot be among them.
 */
export function shapePairs(operation: OperationModel, base: Case): [string, string][] {
  const pairs: [string, string][] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const candidates = [
      ...visibleValues(parameter),
      ...base.query.filter(([k]) => k === parameter.name).map(([, v]) => v),
    ];
    const value = candidates.find((v) => checkParameterText(parameter, v).ok);
    if (value !== undefined && /^[\w.~-]*$/.test(parameter.name)) pairs.push([parameter.name, value]);
    // A required parameter the shapes cannot carry (an array's text, a name with reserved characters):
    // every shape of the query would be invalid for its absence, so the operation has no shapes.
    else if (parameter.required) return [];
  }
  return pairs;
}

function visibleValues(parameter: ParameterModel): string[] {
  const schema = parameter.schema.schema;
  if (Array.isArray(schema.enum))
    return (schema.enum as unknown[])
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .map(String)
      .reverse();
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
    return [String(min + 1), String(min)];
  }
  if (schema.type === 'boolean') return ['true'];
  return [];
}
