import fc from 'fast-check';

/**
 * A small seeded source of 32-bit integers (mulberry32 over an FNV-1a hash of the seed): the same
 * seed gives the same sequence. It has the shape fast-check's {@link fc.Random} takes (pure-rand's
 * mutable generators: `next`, `clone`, `jump`, `getState`), so one seed drives a whole generated
 * value without a fast-check runner around it.
 */
export interface SeededGenerator {
  /** The next integer of the sequence, a signed 32-bit integer. */
  next(): number;
  clone(): SeededGenerator;
  /** Skips far ahead (fast-check's runners jump between runs; nothing here relies on it). */
  jump(): void;
  getState(): readonly number[];
}

/** The generator for a seed; without one, a seed is drawn at random. */
export function seededGenerator(seed: string | undefined): SeededGenerator {
  return fromState(seed === undefined ? Math.floor(Math.random() * 2 ** 32) : hash(seed));
}

/**
 * A seeded source of numbers in [0, 1) from {@link seededGenerator} (fault delays and
 * probabilities): the same seed gives the same sequence from run to run.
 */
export function seededRandom(seed: string | undefined): () => number {
  const generator = seededGenerator(seed);
  return () => (generator.next() >>> 0) / 4294967296;
}

/** A fast-check {@link fc.Random} driven by {@link seededGenerator}: sample an arbitrary with `arbitrary.generate(random, undefined)`. */
export function seededRandomSource(seed: string | undefined): fc.Random {
  return new fc.Random(seededGenerator(seed));
}

function fromState(initial: number): SeededGenerator {
  return new Mulberry32(initial);
}

/** A class, not closures: one is made per generated answer (two with fast-check's clone). */
class Mulberry32 implements SeededGenerator {
  private state: number;
  constructor(state: number) {
    this.state = state | 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) | 0;
  }
  clone(): SeededGenerator {
    return new Mulberry32(this.state);
  }
  jump(): void {
    this.state = (this.state + Math.imul(0x6d2b79f5, 0x10000)) | 0;
  }
  getState(): readonly number[] {
    return [this.state];
  }
}

/** FNV-1a over the seed's UTF-16 units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
