import type { SpecModel } from '../model.js';
import type { ResourceConfig } from './config.js';
import { findResourceConfig } from './find-resource-config.js';
import { inferResources } from './infer-resources.js';
import { loadResourceConfig } from './load-resource-config.js';
import type { ResourceModel } from './model.js';

/**
 * The resource model of a loaded spec as the mock and the kit both use it: inferred, then corrected by
 * the config file beside the spec (`<spec>.resources.yaml`, see {@link findResourceConfig}), or by
 * `configFile` when one is named. Returns the config it applied too, so callers can name its file.
 *
 * @throws `ResourceConfigError` naming the file and each bad key.
 */
export function resourceModelFor(
  spec: SpecModel,
  configFile?: string,
): { readonly model: ResourceModel; readonly config: ResourceConfig } {
  const file = configFile ?? findResourceConfig(spec.file);
  const config: ResourceConfig = file === undefined ? {} : loadResourceConfig(file);
  return { model: inferResources(spec, config), config };
}
