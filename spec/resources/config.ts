import type { IdKind, OperationRole } from './model.js';

/** Corrections of one collection, keyed in the config file by its path template. */
export interface CollectionConfig {
  /** `true` switches the collection off: the mock sends its operations to Prism, the kit treats them as plain operations. */
  readonly disabled?: boolean;
  /** The id: which member fills the item path parameter (`null`: none, only `Location`), and its kind. */
  readonly id?: { readonly member?: string | null; readonly kind?: IdKind };
  /** The page-size parameter, or `false` for none. */
  readonly pageSize?: false | { readonly parameter?: string; readonly default?: number; readonly maximum?: number };
  /** Per query parameter: `false` drops the inferred filter; `{member}` adds or corrects one. */
  readonly filters?: Readonly<Record<string, false | { readonly member: string }>>;
  /** `false` drops the list order read from the spec's words (`sorted by \`startsAt\` ascending`). */
  readonly order?: false;
}

/** Correction of one operation, keyed by operationId or `METHOD /path`. */
export interface OperationConfig {
  readonly role: OperationRole;
  /** The collection it acts on, when its path does not say (a path template of `collections`). */
  readonly collection?: string;
}

/** The resource config file, as read: corrections and switches of the inferred resource model. */
export interface ResourceConfig {
  /** Absolute path of the file it came from (for messages); absent for configs built in code. */
  readonly file?: string;
  readonly collections?: Readonly<Record<string, CollectionConfig>>;
  readonly operations?: Readonly<Record<string, OperationConfig>>;
}

const ROLES: readonly OperationRole[] = ['list', 'create', 'read', 'replace', 'update', 'delete', 'other'];

/** JSON Schema (2020-12) of the resource config file; unknown keys are errors, so a typo never passes silently. */
export const RESOURCE_CONFIG_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    collections: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          disabled: { type: 'boolean' },
          id: {
            type: 'object',
            additionalProperties: false,
            properties: {
              member: { type: ['string', 'null'], minLength: 1 },
              kind: { enum: ['integer', 'uuid', 'string'] },
            },
          },
          pageSize: {
            oneOf: [
              { const: false },
              {
                type: 'object',
                additionalProperties: false,
                properties: {
                  parameter: { type: 'string', minLength: 1 },
                  default: { type: 'integer', minimum: 0 },
                  maximum: { type: 'integer', minimum: 1 },
                },
              },
            ],
          },
          order: { const: false },
          filters: {
            type: 'object',
            additionalProperties: {
              oneOf: [
                { const: false },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['member'],
                  properties: { member: { type: 'string', minLength: 1 } },
                },
              ],
            },
          },
        },
      },
    },
    operations: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['role'],
        properties: {
          role: { enum: ROLES },
          collection: { type: 'string', pattern: '^/' },
        },
      },
    },
  },
} as const;
