import type { SpecWords } from '../spec-words.js';
import type { HttpMethod, JsonSchema } from '../model.js';

/**
 * What an operation does to its resource. `other` is everything that is not plain CRUD (actions such
 * as `POST /things/{id}/archive`, searches, logins): the mock answers those through Prism.
 */
export type OperationRole = 'list' | 'create' | 'read' | 'replace' | 'update' | 'delete' | 'other';

/** The CRUD roles, in the order a resource's life runs through them. */
export const CRUD_ROLES = ['list', 'create', 'read', 'replace', 'update', 'delete'] as const;

/** A CRUD role (every role but `other`). */
export type CrudRole = (typeof CRUD_ROLES)[number];

/** Where an inference came from: the spec itself, or the resource config file that corrected it. */
export type InferenceSource = 'inferred' | 'config';

/** The role of one operation, and the resource it acts on. */
export interface OperationAssignment {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly role: OperationRole;
  /** Path of the collection the operation belongs to (its own path or its item path), if any. */
  readonly collection?: string;
  /** Path of the singleton (`/me`) the operation belongs to, if any. */
  readonly singleton?: string;
  readonly source: InferenceSource;
  /** Why, in one sentence: "`GET /pets/{petId}`: GET on the item path of `/pets`". */
  readonly reason: string;
}

/** How an item's id is shaped, which decides how the mock mints new ones. */
export type IdKind = 'integer' | 'uuid' | 'string';

/** How a created item's id is found: which member of its representation fills the item path parameter. */
export interface IdModel {
  /** The item path's parameter, e.g. `petId` in `/pets/{petId}`. */
  readonly parameter: string;
  /** The member of the item representation that holds the id; absent when only `Location` carries it. */
  readonly member?: string;
  /** How the member was found: by name, by an OpenAPI link, by the 201 `Location` header, or from config. */
  readonly via: 'name' | 'link' | 'location' | 'config';
  readonly kind: IdKind;
  /** The id's schema: the member's when there is one, else the path parameter's. */
  readonly schema: JsonSchema;
  /** True when the create operation's 201 documents a `Location` header. */
  readonly location: boolean;
  readonly source: InferenceSource;
  readonly reason: string;
}

/** The query parameter that caps a page's length. */
export interface PageSizeModel {
  readonly parameter: string;
  readonly default?: number;
  readonly maximum?: number;
  /** Where the parameter's own words say it caps the page ("Limit the number of users"), if they do. */
  readonly stated?: SpecWords;
  readonly source: InferenceSource;
  readonly reason: string;
}

/** The query parameter that picks which page: an item offset or a page number. */
export interface PageModel {
  readonly parameter: string;
  readonly kind: 'offset' | 'page';
  /** For `page`: the number of the first page (1 unless the schema's minimum is 0). */
  readonly first: number;
  readonly reason: string;
}

/**
 * How a list hands out its next page by cursor: a member of its answer holds the next page's cursor
 * (or a link to the next page), and a query parameter takes it back.
 */
export interface CursorModel {
  /** The query parameter that takes the cursor (`cursor`, `page_token`, `after`). */
  readonly parameter: string;
  /** Members from the answer's root to the next cursor, e.g. `['meta', 'nextCursor']`. */
  readonly next: readonly string[];
  readonly reason: string;
}

/** A query parameter of the list that keeps only items whose member equals its value. */
export interface FilterModel {
  readonly parameter: string;
  readonly member: string;
  /** `enum` when the parameter lists its values, `equality` otherwise. */
  readonly kind: 'enum' | 'equality';
  readonly values?: readonly unknown[];
  readonly source: InferenceSource;
  readonly reason: string;
}

/** The collection a nested collection lives in, and the path parameter that names the parent item. */
export interface ParentModel {
  readonly collection: string;
  readonly parameter: string;
  readonly reason: string;
}

/** A list answer that wraps the items in an object (`{"data": [...], "total": 3}`). */
export interface EnvelopeModel {
  /** The array member that holds the items (`todos` of `{data: {todos: [...]}}`). */
  readonly member: string;
  /** The object members, from the answer's root, that lead to the one holding `member` (`['data']`); absent at the root. */
  readonly within?: readonly string[];
  readonly reason: string;
}

/**
 * The member an answer about one item wraps it in (`transaction` of `{transaction: {id, ...}}`,
 * `data` of `{success, data: {...}}`), read from the schema of the operation `reason` names.
 */
export interface ItemEnvelopeModel {
  readonly member: string;
  readonly reason: string;
}

/** A collection (`/things`) and its items (`/things/{thingId}`), nested or not. */
export interface CollectionModel {
  /** The last literal segment of the path, e.g. `repos`. */
  readonly name: string;
  /** The collection's path template, e.g. `/users/{userId}/repos`. */
  readonly path: string;
  /** The item path template, e.g. `/users/{userId}/repos/{repoId}`, when the spec has one. */
  readonly itemPath?: string;
  readonly parent?: ParentModel;
  /** Path parameters of the collection path, outermost first: they scope its items. */
  readonly scope: readonly string[];
  readonly id?: IdModel;
  /** The schema of one item as the API returns it. */
  readonly itemSchema?: JsonSchema;
  readonly envelope?: EnvelopeModel;
  /** Where answers about one item wrap it; `itemSchema` is then the wrapped item's schema. */
  readonly itemEnvelope?: ItemEnvelopeModel;
  /** Members the server owns (`readOnly` in the item schema): a client never sets them. */
  readonly readOnlyMembers: readonly string[];
  /** Members only clients send (`writeOnly`): never in an answer. */
  readonly writeOnlyMembers: readonly string[];
  readonly operations: Readonly<Partial<Record<CrudRole, OperationAssignment>>>;
  /** Operations on or below the collection that are not CRUD. */
  readonly others: readonly OperationAssignment[];
  readonly pageSize?: PageSizeModel;
  readonly page?: PageModel;
  readonly cursor?: CursorModel;
  readonly filters: readonly FilterModel[];
  /** Query parameters the spec's words say bound a member from below or above (`from`, `minPrice`). */
  readonly ranges?: readonly RangeFilterModel[];
  /** Query parameters the spec's words say match text in a member regardless of case (`q`). */
  readonly texts?: readonly TextFilterModel[];
  /** The order the spec's words give the list (`sorted by \`startsAt\` ascending`), when they give one. */
  readonly order?: ListOrderModel;
  readonly source: InferenceSource;
  readonly reason: string;
}

/**
 * The order of a list, as the spec states it in words: a member of the item, numeric or a date or
 * date-time, and a direction the words name. Only what the spec says: no direction, no order.
 */
export interface ListOrderModel extends SpecWords {
  readonly member: string;
  readonly direction: 'ascending' | 'descending';
  /** How values compare: as numbers, or as instants (a date or date-time string). */
  readonly compare: 'number' | 'instant';
}

/**
 * A query parameter that bounds an item member, as its description says in words ("Only events whose
 * `startsAt` is at or after this instant"): items beyond the bound are not listed.
 */
export interface RangeFilterModel extends SpecWords {
  readonly parameter: string;
  readonly member: string;
  /** `lower`: items at or above the value; `upper`: at or below it. */
  readonly bound: 'lower' | 'upper';
  /** Whether an item exactly at the bound is listed, where the words say (`inclusive`, `at or after`). */
  readonly inclusive?: boolean;
  readonly compare: 'number' | 'instant';
}

/**
 * A query parameter the spec's words say keeps items whose text member contains (or equals) its
 * value, compared without regard to case ("Only items whose `title` contains this text, compared
 * case-insensitively"): an item is listed whatever the case the value is written in.
 */
export interface TextFilterModel extends SpecWords {
  readonly parameter: string;
  /** The members the words name; an item matches when any of them does (`givenName` or `familyName`). */
  readonly members: readonly string[];
  /** `contains`: a substring of the member matches; `equals`: the whole member. */
  readonly match: 'contains' | 'equals';
}

/** A resource that exists once, without an id (`/me`, `/users/{userId}/settings`). */
export interface SingletonModel {
  readonly path: string;
  readonly scope: readonly string[];
  readonly itemSchema?: JsonSchema;
  readonly operations: Readonly<Partial<Record<'read' | 'replace' | 'update' | 'delete', OperationAssignment>>>;
  readonly reason: string;
}

/** A problem with the resource config that only the spec reveals (a key naming no path or operation). */
export interface ResourceConfigIssue {
  readonly file: string;
  /** Dotted key in the config file, e.g. `collections./pets.filters.colour`. */
  readonly key: string;
  readonly message: string;
}

/** Every resource the spec's paths and schemas show, each inference with its reason. */
export interface ResourceModel {
  readonly collections: readonly CollectionModel[];
  readonly singletons: readonly SingletonModel[];
  /** Every operation of the spec with its role, in document order. */
  readonly operations: readonly OperationAssignment[];
  /** Collections the config switched off, with why. */
  readonly disabled: readonly { readonly path: string; readonly reason: string }[];
  /** Config keys that name nothing in the spec; the rest of the config still applies. */
  readonly issues: readonly ResourceConfigIssue[];
}
