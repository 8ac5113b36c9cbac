/**
 * The seeded random source of fault delays and probabilities: the spec module's, which the
 * generated answers draw from too (one generator, one seeding).
 */
export { seededRandom } from '../spec/generate/index.js';
