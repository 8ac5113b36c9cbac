import { integerFormatRange, type JsonSchema, type OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { decodePercent } from '../../spec/parameters/index.js';
import { isLosslessNumber } from 'lossless-json';
import { type Case, keyMembers, sentJson } from '../cases/index.js';
import { isCredential, mergeAllOf } from '../generate/index.js';

/** One value a case sent: a parameter or a top-level member of its object body. */
export interface SentValue {
  readonly kind: 'parameter' | 'member';
  readonly name: string;
  /** For a parameter: where it goes. */
  readonly in?: 'query' | 'path' | 'header' | 'cookie';
}

/** Whether a case carries a value of the parameter (an id the run knows aside: that names an item). */
export function parameterSent(c: Case, p: OperationModel['parameters'][number]): boolean {
  switch (p.in) {
    case 'query':
      // Styled values (deepObject, pipeDelimited, a non-default explode) travel written in rawQuery.
      return (
        c.query.some(([name]) => name === p.name) ||
        (c.rawQuery ?? []).some((pair) => {
          const key = decodePercent((pair.split('=')[0] ?? '').replace(/\+/g, ' '));
          return key === p.name || key.startsWith(`${p.name}[`);
        })
      );
    case 'path':
      return p.name in c.pathParams && !c.existing?.includes(p.name);
    case 'header':
      return Object.keys(c.headers ?? {}).some((h) => h.toLowerCase() === p.name.toLowerCase());
    case 'cookie':
      return (c.cookies ?? []).some((pair) => pair.startsWith(`${p.name}=`));
  }
}

/** Keywords by which a schema says which values of its type are valid. */
const CONSTRAINING = [
  'enum',
  'const',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
];

/**
 * Whether a schema states only a scalar type: no bound, pattern, enum or format beyond an integer
 * format's storage range. Such a schema says nothing of which values of its type the server takes.
 */
export function statesOnlyType(schema: JsonSchema | undefined): boolean {
  if (!isObject(schema)) return false;
  const merged = mergeAllOf(schema);
  const types = (Array.isArray(merged.type) ? merged.type : [merged.type]).filter((t) => t !== 'null');
  if (types.length !== 1 || !['string', 'number', 'integer', 'boolean'].includes(String(types[0]))) return false;
  if (merged.format !== undefined && !integerFormatRange(merged.format)) return false;
  return CONSTRAINING.every((k) => merged[k] === undefined);
}

/**
 * What a valid case sent (its parameters, credentials aside, and the members of an object body),
 * split by whether each one's schema states only a type (`bare`) or says more (`constrained`). A
 * body that is no object counts as constrained.
 */
export function typedValues(c: Case, operation: OperationModel): { bare: SentValue[]; constrained: SentValue[] } {
  const bare: SentValue[] = [];
  const constrained: SentValue[] = [];
  for (const p of operation.parameters) {
    if (!parameterSent(c, p) || isCredential(operation, p)) continue;
    (statesOnlyType(p.schema.schema) ? bare : constrained).push({ kind: 'parameter', name: p.name, in: p.in });
  }
  if (c.body !== undefined) {
    const value = sentJson(c);
    // A form's fields are its members where the operation takes that form (held-out set 33's hapi
    // sums: `a=0&equals=-1` refused); a form sent where JSON is declared spells no body it reads.
    const declaresForm = (operation.requestBody?.mediaTypes ?? []).some((m) =>
      /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(m),
    );
    const fields = declaresForm ? formNames(c) : [];
    if (fields.length === 0 && (!isObject(value) || isLosslessNumber(value)))
      constrained.push({ kind: 'member', name: '' });
    else {
      const declared = (mergeAllOf(operation.requestBody?.schema.schema ?? {}).properties ?? {}) as Record<
        string,
        JsonSchema
      >;
      const keys = keyMembers(operation);
      for (const name of fields.length > 0 ? fields : Object.keys(value as object)) {
        if (keys.includes(name)) continue;
        (statesOnlyType(declared[name]) ? bare : constrained).push({ kind: 'member', name });
      }
    }
  }
  return { bare, constrained };
}

/** The words of a refusal resting on values whose schemas state only a type. */
export function typedOnlyWords(names: readonly string[]): string {
  return `${names.map((n) => `"${n}"`).join(', ')}, whose schema${names.length > 1 ? 's state' : ' states'} only a type: the spec does not say which values the server takes`;
}

/**
 * The members an object body leaves out of those its schema declares (readOnly ones aside: a
 * request never carries them), and whether the schema lists any member as required.
 */
export function leftOutMembers(
  body: object,
  schema: JsonSchema | undefined,
): { readonly names: string[]; readonly listsRequired: boolean } {
  const merged = mergeAllOf(schema ?? {});
  const declared = (merged.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(declared).filter(
    (name) => !(name in body) && !(isObject(declared[name]) && mergeAllOf(declared[name]!).readOnly === true),
  );
  return { names, listsRequired: Array.isArray(merged.required) && merged.required.length > 0 };
}

/**
 * Whether an object body leaves out a member its schema declares but does not require, where the
 * schema does list required members: the schema then says that member is optional, so a refusal may
 * rest on its absence (the catalogue's rejects-omitted-status), which no bare value excuses.
 */
export function omitsOptional(c: Case, operation: OperationModel): boolean {
  const value = sentJson(c);
  if (!isObject(value) || isLosslessNumber(value)) return false;
  const { names, listsRequired } = leftOutMembers(value, operation.requestBody?.schema.schema);
  return listsRequired && names.length > 0;
}

/**
 * The field names of a form body the case sent (`username=a&password=b`, or a multipart form's
 * parts): none for other bodies.
 */
export function formNames(c: Case): string[] {
  const body = c.body;
  if (body?.kind !== 'raw' || body.bytes) return [];
  if (/^application\/x-www-form-urlencoded\b/i.test(body.contentType ?? ''))
    return [...new URLSearchParams(body.text).keys()];
  // A multipart form names each part in its Content-Disposition (RFC 7578 §4.2).
  if (/^multipart\/form-data\b/i.test(body.contentType ?? ''))
    return [...body.text.matchAll(/content-disposition:[^\r\n]*;\s*name="([^"]*)"/gi)].map((m) => m[1]!);
  return [];
}
