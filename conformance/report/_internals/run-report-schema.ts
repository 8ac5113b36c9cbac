/**
 * Generates `run-report.schema.json` from the TypeScript types of the report file
 * (`report/json-report.ts`, which builds on `findings/`): the types are the one source, the schema
 * is their published form. `npm run schema:report` writes it; a test fails when the committed file
 * differs from what this function gives.
 */
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';
import { PACKAGE_NAME } from '../../../cli/name.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The committed schema file. */
export const RUN_REPORT_SCHEMA_PATH = fileURLToPath(new URL('../run-report.schema.json', import.meta.url));

/** The report schema's `$id`; its version follows `schemaVersion`. */
const SCHEMA_ID = `urn:${PACKAGE_NAME}:run-report:1`;
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The schema of the report file, as the text `npm run schema:report` writes: generated from
 * `JsonReport` by ts-json-schema-generator (TSDoc comments become descriptions, `@asType`, `@minimum`,
 * `@format` and `@discriminator` tags become keywords), then moved from draft-07 to the 2020-12
 * dialect the file has always declared, with definitions sorted by name so that reordering the
 * types does not reorder the file. Takes about a second: it parses the types with TypeScript.
 */
export function generateRunReportSchema(): string {
  const generated = createGenerator({
    path: fileURLToPath(new URL('../json-report.ts', import.meta.url)),
    // The project's compiler options without Node's types and the DOM, which the report types do not
    // use and which take the generator seconds to read: the in-sync test stays fast.
    tsconfig: fileURLToPath(new URL('./tsconfig.run-report-schema.json', import.meta.url)),
    type: 'JsonReport',
    schemaId: SCHEMA_ID,
    // tsc checks the types (npm run typecheck); the generator only reads them.
    skipTypeCheck: true,
    // The report itself at the root, not a $ref to a definition of it.
    topRef: false,
    expose: 'export',
    jsDoc: 'extended',
    // The file holds exactly the members the types declare: json.ts writes known fields only.
    additionalProperties: false,
    // Members in declaration order, closer to the order json.ts writes them in than sorted by name.
    sortProps: false,
  }).createSchema('JsonReport') as unknown as JsonObject;
  const { $schema: _draft07, $id, title, description, definitions, ...rest } = generated;
  const defs = definitions as JsonObject;
  const schema: JsonObject = {
    $schema: DIALECT,
    $id: $id!,
    title: title!,
    description: description!,
    ...rest,
    $defs: Object.fromEntries(
      Object.keys(defs)
        .sort()
        .map((name) => [name, defs[name]!]),
    ),
  };
  const unconstrained = requiredUnconstrained(schema);
  if (unconstrained.length > 0)
    throw new Error(
      `required members of type unknown (declare them optional: JSON drops an undefined member): ${unconstrained.join(', ')}`,
    );
  return JSON.stringify(toDraft2020(schema), null, 2) + '\n';
}

/** Keywords that describe a member without constraining its value. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);

/**
 * The paths of required members whose schema allows any value: what an `unknown` member becomes. Such
 * a value may be `undefined`, which the report file, being JSON, leaves out, so the member cannot be
 * required (a kit run against a server that drops a member wrote exactly such a report).
 */
export function requiredUnconstrained(node: Json, path = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => requiredUnconstrained(item, `${path}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  const properties = node['properties'];
  const required = Array.isArray(node['required']) ? node['required'] : [];
  const own =
    properties !== null && typeof properties === 'object' && !Array.isArray(properties)
      ? required.filter((name) => {
          const member = properties[String(name)];
          return (
            member !== null &&
            typeof member === 'object' &&
            !Array.isArray(member) &&
            Object.keys(member).every((k) => ANNOTATIONS.has(k))
          );
        })
      : [];
  return [
    ...own.map((name) => `${path}/properties/${String(name)}`),
    ...Object.entries(node).flatMap(([key, value]) => requiredUnconstrained(value, `${path}/${key}`)),
  ];
}

/**
 * Rewrites the draft-07 the generator writes into 2020-12 for what these types use: `#/definitions/`
 * references point into `$defs`. (A tuple of mixed types would need `prefixItems`; ajv refuses the
 * draft-07 form when the tests compile the schema, so it cannot slip through.)
 */
function toDraft2020(node: Json): Json {
  if (Array.isArray(node)) return node.map(toDraft2020);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? value.replace(/^#\/definitions\//, '#/$defs/') : toDraft2020(value),
    ]),
  );
}
