/**
 * Small JSON helpers shared by the spec loader, the mock, the proxy and the conformance kit.
 * @packageDocumentation
 */
export { isObject } from './is-object.js';
export { decodeSegment, encodeSegment, pointerOf, resolve, segmentsOf } from './pointer.js';
