import { type OperationFingerprint, type SpecModel, fitsFingerprint } from '../../spec/index.js';
import { resourceModelFor } from '../../spec/resources/index.js';
import { genericRules } from './generic/index.js';
import { extendRules, type RulesExtension } from './extend-rules.js';
import type { DomainRules } from './rules.js';
import { ANIMAL_STORE_OPERATIONS } from './animal-store/fingerprint.js';

/** A plug-in of domain rules, loaded only for the specs it declares it knows. */
interface RulesPlugin {
  /** The operations a spec must have for the plug-in to apply (its fingerprint, shared with the mock's plug-in). */
  readonly operations: OperationFingerprint;
  load(): Promise<RulesExtension>;
}

/** The plug-ins the kit ships. The engine imports none of them: {@link selectRules} loads the one that fits. */
const PLUGINS: readonly RulesPlugin[] = [
  {
    operations: ANIMAL_STORE_OPERATIONS,
    load: async () => (await import('./animal-store/index.js')).animalStoreRules,
  },
];

/** Rules with no meaning at all: only the generic checks run. */
export const NO_DOMAIN_RULES: DomainRules = { checks: {}, harvest: () => ({}), sequences: [] };

/**
 * The domain rules for a spec: the plug-in whose operations the spec has (same operationId, method
 * and path), or else the rules the resource model infers (corrected by the resource config file
 * beside the spec, `<spec>.resources.yaml`, when there is one).
 */
export async function selectRules(spec: SpecModel): Promise<DomainRules> {
  const inferred = genericRules(spec, resourceModelFor(spec).model);
  for (const plugin of PLUGINS) {
    if (fitsFingerprint(spec, plugin.operations)) return extendRules(inferred, await plugin.load());
  }
  return inferred;
}
