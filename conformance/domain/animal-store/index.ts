import type { CheckName } from '../../checks/registry.js';
import type { RegisteredCheck } from '../../checks/index.js';
import type { RulesExtension } from '../extend-rules.js';
import { invalidPetIdNamesNoPet, noteDefaultStatus, refuseCoercedValues } from './pet-checks.js';
import { calibrateCategories } from './categories.js';
import { settleErrorBodies } from './error-bodies.js';
import { ensurePopulation, pageSize, pageSpread, persistence } from './sequences.js';

const named = (name: CheckName, run: RegisteredCheck['run']): RegisteredCheck => ({ name: () => name, run });

/**
 * What the Animal Store's contract means beyond what its resource model lets the kit infer. The run
 * gets these on top of the inferred rules (`extendRules`), which already hold page sizes, the status
 * filter, unique ids (in a list and across answers), harvested ids, the first look at the largest
 * page, read-ahead, the unfiltered list and the lifecycle. This is the only place in the kit that
 * knows about pets.
 */
export const animalStoreRules: RulesExtension = {
  checks: {
    createPet: [named('semantics.echo', noteDefaultStatus), named('negative', refuseCoercedValues)],
    getPet: [named('semantics.identity', invalidPetIdNamesNoPet)],
  },
  sequences: [persistence, pageSize, pageSpread],
  // Calibration first: the inferred preparation then creates with known category ids too.
  adapt: calibrateCategories,
  prepare: async (context) => {
    const failures = await ensurePopulation(context);
    return failures.length > 0 ? { failures } : undefined;
  },
  settle: settleErrorBodies,
};
