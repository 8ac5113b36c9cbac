import type { WireJson } from '../../spec/index.js';

export type { WireJson };

/**
 * How a case authenticates: `valid` (the credential as the operation's scheme wants it) or the id of
 * one of the scheme handler's variants (spec/security), where their ids are written (`unknown-key`,
 * `empty-key`, `wrong-password`, ...). `valid*` variants must be accepted and every other must get
 * 401, unless the case says otherwise (`authExpect`).
 */
export type AuthVariant = 'valid' | (string & {});

/** The body of a case: JSON generated from the schema, or raw bytes for malformed input. */
export type CaseBody =
  | { readonly kind: 'json'; readonly value: WireJson }
  | {
      readonly kind: 'raw';
      readonly text: string;
      readonly contentType?: string;
      /** `text` holds bytes, one character per byte (U+0000–U+00FF): they go out as they are, UTF-8 or not. */
      readonly bytes?: true;
    };

/**
 * Why an invalid case is invalid, so that a verdict can be trusted and re-checked after shrinking.
 * - `schema`: the value breaks the documented schema at `pointer` by `keyword` (re-checked with ajv).
 * - `syntax`: the request is not well-formed (malformed JSON, wrong Content-Type, missing body).
 */
export interface InvalidReason {
  readonly layer: 'schema' | 'syntax';
  /** Where: `body`, `query.limit`, `path.petId`, ... */
  readonly location: string;
  /** JSON pointer into the body (or `''` for a parameter). */
  readonly pointer: string;
  /** The JSON Schema keyword broken (`required`, `type`, `enum`, `minimum`, `format`, ...) or the syntax fault. */
  readonly keyword: string;
  readonly description: string;
  /**
   * How firmly the contract says this must be rejected.
   * - `must`: the contract documents the rejection (createPet → 400): accepting it fails.
   * - `should`: invalid by the schema, but the contract is silent on the answer (listPets has no 400),
   *   or the rule is a format nuance; acceptance is a contract-gap warning.
   */
  readonly firmness: 'must' | 'should';
  /**
   * The contract gap an acceptance of this case is, when it is one of its own rather than the
   * location's (`type-coercion`: a numeric-literal string for a number, `"true"` for a boolean,
   * which lenient decoders read as the value it spells): accepting it is that gap even where the
   * case is `must`; `firmness` still judges the status of a refusal.
   */
  readonly gap?: string;
}

/** Why a valid case may reasonably be refused: a size or content limit the contract does not show. */
export interface EdgeReason {
  readonly gap: string;
  readonly description: string;
  /** For `auth-precedence`: whether the input was malformed (`syntax`) or broke the schema. */
  readonly layer?: 'syntax' | 'schema';
  /**
   * Input that hits no limit, only a reading the contract leaves open (a string that is empty or
   * only white space, no body where the spec leaves it optional): a server may refuse it with a
   * status it documents; an undocumented one still fails, as for any valid request.
   */
  readonly documentedRefusalOnly?: true;
}

/** One generated request of an operation, before it is sent. Plain data: it can be printed and replayed. */
export interface Case {
  readonly operationId: string;
  /** The property family that generated it (`valid`, `invalid`, `auth`, `probe`, `semantics.*`). */
  readonly family: string;
  readonly kind: 'valid' | 'invalid' | 'auth' | 'probe';
  /** HTTP method override (probes); otherwise the operation's. */
  readonly method?: string;
  /** Path parameters, already as they go on the wire (unencoded text). */
  readonly pathParams: Readonly<Record<string, string>>;
  /** Query parameters in order; repeated names allowed. Unencoded text. */
  readonly query: readonly (readonly [string, string])[];
  /**
   * Query fragments already encoded for their parameter's style (`tags=a,b`, `f[x]=1`), appended
   * as they are after `query`: values `query` cannot hold as one unencoded text.
   */
  readonly rawQuery?: readonly string[];
  /**
   * The query exactly as it goes on the wire (after `?`), when the case is about its shape (an empty
   * pair, a percent-encoded key): `query` then still says what it means, for the checks.
   */
  readonly queryText?: string;
  /**
   * The path exactly as sent, instead of the operation's (a path variant: `//pets`, `/pets/./1`,
   * `/pets%2F1`): relative to the target base URL, or to its origin when `fromOrigin` is set
   * (`/V1/pets`, a Location header). Never normalised on the way. `description` says what it is.
   */
  readonly literalPath?: { readonly path: string; readonly fromOrigin?: boolean; readonly description: string };
  /** Path parameters already encoded for their style (label, matrix, arrays, objects); win over `pathParams`. */
  readonly rawPath?: Readonly<Record<string, string>>;
  /** Cookie parameters, as encoded `name=value` pairs, sent in one Cookie header. */
  readonly cookies?: readonly string[];
  readonly body?: CaseBody;
  /**
   * With no `body`: send no framing at all (neither Content-Length nor Transfer-Encoding), the absent
   * body of RFC 9112 §6.3, as curl sends it. Without it a bodyless POST, PUT or PATCH goes with
   * `Content-Length: 0`, as undici and browsers send it: some servers read that as empty content.
   */
  readonly unframedBody?: true;
  /** Extra headers (Content-Type and Accept spellings, probes); an empty value removes a default header. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly auth: AuthVariant;
  /**
   * The scheme (its `components.securitySchemes` name) whose variant `auth` is, and so the
   * alternative the case authenticates with. Absent: the first scheme of the first alternative the
   * kit has credentials for.
   */
  readonly authScheme?: string;
  /**
   * For a credential variant: the status the same request got with the valid credential, where the
   * run sent it to tell whether the credential is what the server refused.
   */
  readonly validKeyStatus?: number;
  /**
   * What a conforming target does with this credential when it departs from the `valid*` naming:
   * a variant that satisfies another alternative is accepted; an optional operation accepts none.
   */
  readonly authExpect?: 'accept' | 'refuse';
  /** Set for `invalid` cases. */
  readonly invalid?: InvalidReason;
  /** Set for valid cases a server may reasonably refuse because of a limit the contract does not show. */
  readonly edge?: EdgeReason;
  /** Path parameters whose values the target itself returned: the resource exists, so 404 is wrong. */
  readonly existing?: readonly string[];
  /**
   * Body members that name another resource (named like its path parameter, `author_id` for
   * `/authors/{authorId}`) with a value the kit made up: no answer of the run showed one to use.
   */
  readonly madeUpReferences?: readonly string[];
  /**
   * A body member naming the operation's own item (`id` of `POST /users`) with a value the target
   * has already handed out for that item: a creation the run made before, repeated. Set as the
   * request leaves, from what the run has learnt by then.
   */
  readonly repeatsKnownId?: { readonly member: string; readonly value: string };
  /**
   * For a probe with a method no operation of its path documents (OPTIONS, TRACE): an operation of
   * the same path that needs no credential (`GET /pets`), whose answer a router falling through may
   * serve. Content in the answer is then no evidence that a secured operation's data leaked.
   */
  readonly publicOnPath?: string;
}
