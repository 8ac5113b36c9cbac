import type { SpecModel } from '../../spec/model.js';
import type { CoreOptions } from '../core-options.js';
import { deprecationHeaders } from '../deprecation.js';
import type { MockDomainPlugin } from '../domain/plugin.js';
import { selectMockPlugin } from '../domain/select-plugin.js';
import { createAnswerGenerator } from '../generated/generated-answer.js';
import { createRouter } from '../router.js';
import type { MockCoreConfig, Served } from './types.js';

/**
 * Everything the core builds from one loaded spec: its router, its engine, its answer generator,
 * the per-operation headers and the domain plug-in it fits. A reload builds a new one.
 */
export function serveSpec(
  spec: SpecModel,
  options: CoreOptions,
  engine: MockCoreConfig['engine'],
  plugins: readonly MockDomainPlugin[],
): Served {
  const engineOptions =
    options.seed === undefined
      ? { dynamic: options.mode === 'dynamic' }
      : { dynamic: options.mode === 'dynamic', seed: options.seed };
  return {
    spec,
    router: createRouter(spec),
    engine: engine(spec, engineOptions),
    generator: createAnswerGenerator(spec),
    operationHeaders: new Map(spec.operations.map((op) => [op, deprecationHeaders(spec, op)])),
    plugin: selectMockPlugin(spec, plugins),
  };
}
