/**
 * Generated data a frontend can use: dynamic answers (`--mode dynamic`, `Prefer: dynamic=true`) sized
 * and shaped by the resource model (a list honours its page size and filters, a read its id) with
 * realistic values, seeded like Prism's.
 * @packageDocumentation
 */
export { DEFAULT_GENERATED_ITEMS, MAX_GENERATED_ITEMS, generatedListLength } from './list-length.js';
export { realisticBody } from './realistic-body.js';
export { plausibleValue } from './plausible-value.js';
