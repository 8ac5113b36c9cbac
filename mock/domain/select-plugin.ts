// Not from spec/index.js, which loads files: this module is bundled for the browser too.
import { fitsFingerprint } from '../../spec/fingerprint.js';
import type { SpecModel } from '../../spec/model.js';
import type { MockDomainPlugin } from './plugin.js';
import { animalStoreMock } from '../../conformance/domain/animal-store/mock.js';

/** The plug-ins the mock ships (each in its API's domain folder, beside the kit's rules for it). */
export const MOCK_PLUGINS: readonly MockDomainPlugin[] = [animalStoreMock];

/** The first of `plugins` whose fingerprint the spec fits, or undefined (the generic mock alone). */
export function selectMockPlugin(
  spec: SpecModel,
  plugins: readonly MockDomainPlugin[] = MOCK_PLUGINS,
): MockDomainPlugin | undefined {
  return plugins.find((plugin) => fitsFingerprint(spec, plugin.operations));
}
