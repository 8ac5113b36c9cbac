/** Where a parameter travels. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** The OpenAPI `style` values. */
export type ParameterStyle = 'matrix' | 'label' | 'simple' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/**
 * The serialization-relevant part of an OpenAPI Parameter Object (or Header Object), with `$ref`s
 * already resolved. Build one from a raw Parameter Object with {@link toParameterSpec}.
 */
export interface ParameterSpec {
  /** The parameter name, as written in the spec (case matters except for headers, which callers fold). */
  readonly name: string;
  readonly in: ParameterLocation;
  /** Defaults to `form` for query and cookie, `simple` for path and header. A style the location does not allow falls back to that default. */
  readonly style?: string | undefined;
  /** Defaults to true for `form`, false otherwise. */
  readonly explode?: boolean | undefined;
  /** Query only: let the query-safe reserved characters and existing `%XX` triplets through unencoded. */
  readonly allowReserved?: boolean | undefined;
  /** The dereferenced JSON Schema of the value (for content-typed parameters, the media type's schema). */
  readonly schema: Record<string, unknown>;
  /** Set for content-typed parameters (`content: { <type>: { schema } }`): the one media type key. */
  readonly contentType?: string | undefined;
}

/**
 * A parameter on the wire. Exactly the member for the parameter's location is set:
 * - `path`: percent-encoded text to splice into the path template in place of `{name}` (for `label`
 *   and `matrix` this includes the leading `.` or `;name=`);
 * - `query`: encoded `name=value` fragments to join with `&` (none when the value is undefined or an
 *   empty array/object, which RFC 6570 treats as undefined);
 * - `header`: the header value (absent when the value is undefined);
 * - `cookie`: `name=value` pairs to join with `; `.
 */
export interface SerializedParameter {
  path?: string;
  query?: string[];
  header?: string;
  cookie?: string[];
}

/** The typed value of a parameter (`undefined` when absent), or why the wire text is not one. */
export type ParameterParseResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Options for {@link parseParameter}. */
export interface ParseParameterOptions {
  /** Integers outside ±(2^53−1) come back as lossless-json `LosslessNumber`s instead of rounded doubles. */
  readonly exactIntegers?: boolean | undefined;
  /**
   * Names of the operation's other query (or cookie) parameters. Only consulted for exploded `form`
   * objects whose schema admits undeclared members, where any `name=value` pair could be a member:
   * pairs with these names are left to their own parameters.
   */
  readonly otherParameterNames?: readonly string[] | undefined;
}
