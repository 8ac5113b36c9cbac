import { segmentsOf } from '../json/index.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createAjv } from '../_internals/ajv.js';
import { RESOURCE_CONFIG_SCHEMA, type ResourceConfig } from './config.js';
import type { ResourceConfigIssue } from './model.js';
import { ResourceConfigError } from './resource-config-error.js';

let validate: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

/**
 * Reads a resource config file (YAML, or JSON, which YAML 1.2 reads too) and checks it against
 * {@link RESOURCE_CONFIG_SCHEMA}. Whether its keys name paths and operations of the spec is checked
 * by {@link inferResources}, which reports those in the model's `issues`.
 *
 * @throws {@link ResourceConfigError} naming the file and each bad key.
 */
export function loadResourceConfig(path: string): ResourceConfig {
  const file = resolve(path);
  const fail = (key: string, message: string): never => {
    throw new ResourceConfigError(file, [{ file, key, message: `${file}: ${key}: ${message}` }]);
  };
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    fail('(file)', 'cannot be read');
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    fail('(file)', `not valid YAML or JSON (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  // An empty file corrects nothing.
  if (raw === null || raw === undefined) return { file };
  validate ??= createAjv().compile(RESOURCE_CONFIG_SCHEMA);
  if (!validate(raw)) {
    const issues: ResourceConfigIssue[] = [];
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      // oneOf alternatives repeat the same fault; the most specific message per key is enough.
      if (error.keyword === 'oneOf' || error.keyword === 'if') continue;
      const at = segmentsOf(error.instancePath) ?? [];
      let key = at.join('.') || '(top level)';
      let message = error.message ?? 'is invalid';
      if (error.keyword === 'additionalProperties') {
        const extra = String((error.params as { additionalProperty?: string }).additionalProperty);
        key = at.length > 0 ? `${at.join('.')}.${extra}` : extra;
        message = 'unknown key';
      } else if (error.keyword === 'enum') {
        message = `must be one of ${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')}`;
      } else if (error.keyword === 'pattern' || error.keyword === 'propertyNames') {
        message = 'a path must start with "/"';
      } else if (error.schemaPath.includes('/oneOf/')) {
        // Both alternatives fail on a wrong type; one message says what is accepted.
        message = key.endsWith('pageSize')
          ? 'must be false or an object {parameter, default, maximum}'
          : 'must be false or an object {member}';
      }
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push({ file, key, message: `${file}: ${key}: ${message}` });
    }
    throw new ResourceConfigError(file, issues);
  }
  const { version: _version, ...config } = raw as ResourceConfig & { version?: number };
  return { ...config, file };
}
