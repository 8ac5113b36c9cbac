/** Why a spec could not be loaded. */
export type SpecLoadErrorCode = 'spec_not_found' | 'spec_unparseable' | 'spec_invalid' | 'spec_unsupported';

/**
 * The one error `loadSpec` throws: data first (a `code` and the file), with a message a person can act on.
 */
export class SpecLoadError extends Error {
  override readonly name = 'SpecLoadError';
  constructor(
    readonly code: SpecLoadErrorCode,
    readonly file: string,
    detail: string,
  ) {
    super(`Cannot load spec ${file}: ${detail}`);
  }
}
