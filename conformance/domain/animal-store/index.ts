import type { CheckName } from '../../checks/registry.js';
import type { Exchange } from '../../cases/index.js';
import type { RegisteredCheck } from '../../checks/index.js';
import type { OperationModel } from '../../../spec/index.js';
import type { DomainRules } from '../rules.js';
import { checkListFilter, checkListLimit, checkListUniqueIds } from './list-checks.js';
import { checkCreateEcho, checkGetIdentity } from './pet-checks.js';
import { createIdHistory } from './id-history.js';
import { idsIn } from './ids.js';
import { calibrateCategories } from './categories.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { confirmLookAhead, lookAhead } from '../generic/read-ahead.js';
import { probeUnfilteredHoldsAll } from '../generic/unfiltered-holds-all.js';
import { concurrentCreates, ensurePopulation, pageSize, pageSpread, persistence } from './sequences.js';

const named = (name: CheckName, run: RegisteredCheck['run']): RegisteredCheck => ({ name: () => name, run });

/**
 * The meaning of the Animal Store API: what the contract says beyond shapes, keyed by operationId.
 * This is the only place in the kit that knows about pets.
 */
export const animalStoreRules: DomainRules = {
  checks: {
    listPets: [
      named('semantics.limit', checkListLimit),
      named('semantics.filter', checkListFilter),
      named('semantics.unique_ids', checkListUniqueIds),
    ],
    createPet: [named('semantics.echo', checkCreateEcho)],
    getPet: [named('semantics.identity', checkGetIdentity)],
  },
  harvest(exchange: Exchange, operation: OperationModel) {
    const r = exchange.response;
    if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind === 'invalid') return {};
    if (operation.operationId === 'listPets' || operation.operationId === 'createPet')
      return { getPet: { petId: idsIn(r.exactJson) } };
    return {};
  },
  sequences: [persistence, pageSize, pageSpread, concurrentCreates],
  firstLook(spec) {
    // The largest page, whole and per status, before the kit adds pets of every status: an empty
    // store or a filter that matches nothing is only seen here on most targets.
    const statuses =
      (spec.operation('listPets')?.parameters.find((p) => p.name === 'status')?.schema.schema.enum as
        | string[]
        | undefined) ?? [];
    const queries: [string, string][][] = [
      [['limit', '100']],
      ...statuses.map((status): [string, string][] => [
        ['status', status],
        ['limit', '100'],
      ]),
    ];
    return queries.map((query) => ({
      operationId: 'listPets',
      family: 'first-look',
      kind: 'valid',
      pathParams: {},
      query,
      auth: 'valid',
    }));
  },
  async prepare(context) {
    // The generic probes that need a store still small, on the collection the resource model infers:
    // ids read before they exist (before any creation, calibration's included), and each status listed unfiltered.
    const pets = resourceModelFor(context.spec).model.collections.find(
      (c) => c.operations.create?.operationId === 'createPet',
    );
    const ahead = pets ? await lookAhead(context, context.spec, pets) : undefined;
    const adaptation = await calibrateCategories(context);
    const failures = [
      ...(ahead ? await confirmLookAhead(context, context.spec, ahead, adaptation?.rewrite) : []),
      ...(pets ? await probeUnfilteredHoldsAll(context, context.spec, pets, adaptation?.rewrite) : []),
    ];
    failures.push(...(await ensurePopulation(context, adaptation?.rewrite)));
    return failures.length > 0 ? { ...adaptation, failures } : adaptation;
  },
  observer: createIdHistory,
};
