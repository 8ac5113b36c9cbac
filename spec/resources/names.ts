// Path-template and naming helpers the mock's store shares with the resource inference. A leaf module
// with no Node built-in, so the browser bundle can import it (the package index loads config files).
export { singular } from './_internals/naming.js';
export { parameterOf, segmentsOf } from './_internals/paths.js';
