/** A parsed media type (RFC 9110 §8.3.1): lower-cased type, subtype and parameter names. */
export interface MediaType {
  /** e.g. `application` (or `*`). */
  readonly type: string;
  /** e.g. `problem+json` (or `*`). */
  readonly subtype: string;
  /** The structured-syntax suffix (RFC 6838 §4.2.8) without `+`, e.g. `json`; absent when there is none. */
  readonly suffix?: string;
  /** `type/subtype`. */
  readonly essence: string;
  /** Parameters, names lower-cased, quoted-string values unquoted. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** Per-property serialization of a form or multipart body: the OpenAPI Encoding Object. */
export interface EncodingSpec {
  /** Media type of the property's part (multipart) or content-based value (form-urlencoded). */
  readonly contentType?: string | undefined;
  /** Style-based serialization (form-urlencoded only), as for a query parameter. */
  readonly style?: string | undefined;
  readonly explode?: boolean | undefined;
  readonly allowReserved?: boolean | undefined;
}

/** The Encoding Objects of a media type, by property name. */
export type EncodingMap = Readonly<Record<string, EncodingSpec>>;

/** A body ready to send. */
export interface EncodedBody {
  /** The Content-Type header value (for multipart, with its boundary). */
  readonly contentType: string;
  /** Text (send as UTF-8) or bytes. */
  readonly body: string | Uint8Array;
}

/** Options for {@link encodeBody}. */
export interface EncodeBodyOptions {
  /** The multipart boundary to use (default: random). Tests use it for stable output. */
  readonly boundary?: string | undefined;
  /**
   * The file name of multipart file parts (default `blob`, as browsers name a Blob). Written in UTF-8
   * as it is, as browsers do (RFC 7578 §4.2; WHATWG HTML, multipart/form-data encoding).
   */
  readonly filename?: string | undefined;
}

/** Options for {@link decodeBody}. */
export interface DecodeBodyOptions {
  /** The Encoding Objects of the media type: style-based members of form bodies. (Multipart parts are read by their own Content-Type headers.) */
  readonly encoding?: EncodingMap | undefined;
  /** Integers outside ±(2^53−1) come back as lossless-json `LosslessNumber`s instead of rounded doubles. */
  readonly exactIntegers?: boolean | undefined;
}

/** A decoded body, or why the bytes are not one. */
export type DecodedBody = { ok: true; value: unknown } | { ok: false; message: string };
