import type { SourceFormat } from './classify-document.js';
import { walkSchemas } from './walk-schemas.js';

type Obj = Record<string, unknown>;

/** What normalising found out about a document, on the way. */
export interface NormaliseReport {
  /** Every `format` value used by a schema (unknown ones are then registered as annotations). */
  readonly formats: Set<string>;
  /** Some schema marks a member `readOnly` / `writeOnly` (request and response views then differ). */
  hasReadOnly: boolean;
  hasWriteOnly: boolean;
  /** Things the loader changed or dropped, with the JSON pointer of each. */
  readonly warnings: string[];
}

/**
 * Rewrites every schema of a (bundled) OpenAPI document in place into one dialect, JSON Schema
 * 2020-12, so that ajv, the generator and the mock read 3.0 and 3.1 documents the same way:
 * - 3.0 `nullable: true` becomes a `null` type (or an `anyOf` with `{type: 'null'}` where there is
 *   no type), and `null` joins an `enum`;
 * - 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric 2020-12 form;
 * - 3.0 `example` is also given as 2020-12 `examples`;
 * - 3.0 siblings of `$ref` are dropped, as 3.0 says they are ignored (except `nullable`, which
 *   authors mean, and is kept as an `anyOf` with null);
 * - a `pattern` that is not valid ECMA-262 with the `u` flag is repaired (needless escapes removed)
 *   or, failing that, dropped with a warning.
 */
export function normaliseSchemas(document: Obj, format: SourceFormat): NormaliseReport {
  const report: NormaliseReport = { formats: new Set(), hasReadOnly: false, hasWriteOnly: false, warnings: [] };
  const is30 = format !== 'openapi-3.1';
  walkSchemas(document, (node, pointer) => normaliseOne(node, pointer, is30, report));
  return report;
}

function normaliseOne(node: Obj, pointer: string, is30: boolean, report: NormaliseReport): void {
  if (is30) {
    if (typeof node.$ref === 'string') {
      const nullable = node.nullable === true || node['x-nullable'] === true;
      for (const key of Object.keys(node)) if (key !== '$ref') delete node[key];
      if (nullable) {
        node.anyOf = [{ $ref: node.$ref }, { type: 'null' }];
        delete node.$ref;
      }
      return;
    }
    if (node.nullable === true || node['x-nullable'] === true) {
      if (typeof node.type === 'string') node.type = [node.type, 'null'];
      else if (node.type === undefined) {
        const inner: Obj = { ...node };
        delete inner.nullable;
        delete inner['x-nullable'];
        for (const k of Object.keys(node)) delete node[k];
        node.anyOf = [inner, { type: 'null' }];
      }
      if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
    }
    delete node.nullable;
    for (const [bound, limit] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (node[bound] === true && typeof node[limit] === 'number') {
        node[bound] = node[limit];
        delete node[limit];
      } else if (typeof node[bound] === 'boolean') delete node[bound];
    }
    if ('example' in node && !('examples' in node)) node.examples = [node.example];
  }
  if (typeof node.format === 'string') report.formats.add(node.format);
  if (node.readOnly === true) report.hasReadOnly = true;
  if (node.writeOnly === true) report.hasWriteOnly = true;
  if (typeof node.pattern === 'string') {
    const repaired = unicodePattern(node.pattern);
    if (repaired === undefined) {
      report.warnings.push(
        `#${pointer}/pattern: ${JSON.stringify(node.pattern)} is not an ECMA-262 regular expression with the u flag; not checked`,
      );
      delete node.pattern;
    } else if (repaired !== node.pattern) node.pattern = repaired;
  } else if (node.pattern !== undefined) delete node.pattern;
}

/** The pattern as a valid `u`-flag regular expression, or undefined when it cannot be made one. */
function unicodePattern(pattern: string): string | undefined {
  if (compiles(pattern)) return pattern;
  // Without the u flag, `\-`, `\_`, `\:` and friends are identity escapes; with it they are errors.
  // Outside a class the escaped character means itself; inside one, only `-` needs its escape kept.
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1]!;
      const keep = /[\\^$.*+?()[\]{}|/\-dDwWsSbBnrtfv0-9cxuk]/.test(next) && !(next === '-' && !inClass);
      out += keep ? ch + next : next;
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    out += ch;
  }
  return compiles(out) ? out : undefined;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
