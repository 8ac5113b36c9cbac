import { parse as parseYaml } from 'yaml';
import { SpecLoadError } from '../spec-load-error.js';

/**
 * Parses a spec's text, YAML or JSON, into the document object.
 *
 * @throws {@link SpecLoadError} `spec_unparseable`, naming `path`, for text that is neither, or not an object.
 */
export function parseDocumentText(text: string, path: string): Record<string, unknown> {
  let raw: unknown;
  try {
    // JSON.parse is ~20× faster than the YAML parser on a 13 MB description; YAML is a superset.
    raw = /^\s*[{[]/.test(text) ? parseJsonOrYaml(text) : parseYaml(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new SpecLoadError(
      'spec_unparseable',
      path,
      `not valid YAML or JSON (${(error as Error).message.split('\n')[0]})`,
    );
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SpecLoadError('spec_unparseable', path, 'the document is not an object');
  }
  return raw as Record<string, unknown>;
}

function parseJsonOrYaml(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return parseYaml(text, { maxAliasCount: -1 });
  }
}
