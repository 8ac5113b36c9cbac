import type { Case } from '../../cases/index.js';
import { findingOf, type Check } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import { parseParameter, type OperationModel } from '../../../spec/index.js';

/** The value a query parameter took in a case, when it is present and valid. */
export function validQueryValue(testCase: Case, operation: OperationModel, name: string): unknown {
  const parameter = operation.parameters.find((p) => p.in === 'query' && p.name === name);
  const raw = [...testCase.query].reverse().find(([k]) => k === name)?.[1];
  if (!parameter || raw === undefined) return undefined;
  const parsed = parseParameter(parameter, raw);
  return parsed.ok ? parsed.value : undefined;
}

/** The default of a query parameter, from the spec. */
export function queryDefault(operation: OperationModel, name: string): unknown {
  return operation.parameters.find((p) => p.in === 'query' && p.name === name)?.schema.schema.default;
}

/** The listed items, parsed losslessly: ids beyond 2^53 stay distinct. */
function listOf(exchange: Parameters<Check>[0]['exchange']): Record<string, unknown>[] | undefined {
  const r = exchange.response;
  if (!r || r.status !== 200 || !Array.isArray(r.exactJson) || exchange.case.kind === 'invalid') return undefined;
  return r.exactJson.filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object');
}

/** A list is never longer than `limit`, nor than the documented default without one. */
export const checkListLimit: Check = ({ exchange, operation }) => {
  const items = listOf(exchange);
  if (!items) return [];
  const given = validQueryValue(exchange.case, operation, 'limit');
  const hasLimitParam = exchange.case.query.some(([k]) => k === 'limit');
  if (given === undefined && hasLimitParam) return []; // an invalid limit the server chose to accept: no bound to hold it to
  const limit = (given ?? queryDefault(operation, 'limit')) as number | undefined;
  if (typeof limit !== 'number' || items.length <= limit) return [];
  return [
    findingOf(exchange, {
      code: 'semantic_violation',
      severity: 'failure',
      check: 'semantics.limit',
      evidence: { rule: 'limit', limit, returned: items.length, defaulted: given === undefined },
    }),
  ];
};

/** Every listed item has the status the list was filtered on. */
export const checkListFilter: Check = ({ exchange, operation }) => {
  const items = listOf(exchange);
  const status = validQueryValue(exchange.case, operation, 'status');
  if (!items || status === undefined) return [];
  const wrong = items.filter((item) => item.status !== status);
  if (wrong.length === 0) return [];
  return [
    findingOf(exchange, {
      code: 'semantic_violation',
      severity: 'failure',
      check: 'semantics.filter',
      // Ids as text: the items are parsed losslessly, and a LosslessNumber would render as an object.
      evidence: {
        rule: 'filter',
        filter: status,
        total: items.length,
        offending: wrong.length,
        mismatched: wrong
          .slice(0, 5)
          .map((i) => (i.id === undefined ? { status: i.status } : { id: String(i.id), status: i.status })),
      },
    }),
  ];
};

/** Ids are unique: the same id twice in one list means two animals share it. */
export const checkListUniqueIds: Check = ({ exchange }) => {
  const items = listOf(exchange);
  if (!items) return [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const item of items) {
    const id = String(item.id);
    if (seen.has(id)) duplicates.push(id);
    seen.add(id);
  }
  if (duplicates.length === 0) return [];
  const out: Finding[] = [
    findingOf(exchange, {
      code: 'semantic_violation',
      severity: 'failure',
      check: 'semantics.unique_ids',
      evidence: { rule: 'duplicate-ids', duplicates: duplicates.slice(0, 10) },
    }),
  ];
  return out;
};
