/**
 * A small seeded random source (for fault delays and generated data) (mulberry32 over an FNV-1a hash of the seed): the same seed gives the
 * same sequence, so delay ranges and fault probabilities repeat from run to run. Without a seed,
 * one is drawn at random.
 */
export function seededRandom(seed: string | undefined): () => number {
  let state = seed === undefined ? Math.floor(Math.random() * 2 ** 32) : hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
