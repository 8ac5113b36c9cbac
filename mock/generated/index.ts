/**
 * Generated data a frontend can use: dynamic answers (`--mode dynamic`, `Prefer: dynamic=true`)
 * drawn from the spec module's one value generator with realistic values, sized and shaped by the
 * resource model (a list honours its page size and filters, a read its id), seeded by `--seed`.
 * @packageDocumentation
 */
export { DEFAULT_GENERATED_ITEMS, MAX_GENERATED_ITEMS, generatedListLength } from './list-length.js';
export type { ListLength } from './list-length.js';
export { realisticBody } from './realistic-body.js';
export { createAnswerGenerator } from './generated-answer.js';
export type { AnswerGenerator, GeneratedAnswer } from './generated-answer.js';
