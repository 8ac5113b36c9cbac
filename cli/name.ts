/**
 * The product's names, in one place: the installed command and the npm package. Messages, help
 * texts, printed commands (reproducers, replay lines) and generated files import them from here, so
 * a rename is one edit. No imports: anything, the browser bundle included, can import this module.
 * @module
 */

/** The command users type: `contract-kit mock spec.yaml`, `contract-kit test spec.yaml --target URL`. */
export const COMMAND_NAME = 'contract-kit';

/** The npm package (`npm install -D openapi-contract-kit`), and the prefix of its imports. */
export const PACKAGE_NAME = 'openapi-contract-kit';

/** The commands of earlier releases, kept as aliases: each prints a one-line notice, then works as before. */
export const OLD_COMMANDS = {
  'animal-store-mock': 'mock',
  'animal-store-conformance': 'test',
} as const;
