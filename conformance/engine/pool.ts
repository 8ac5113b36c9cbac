/** Runs tasks with at most `limit` in flight, in order of submission. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await worker(item);
    }
  });
  await Promise.all(lanes);
}

/** A stable 32-bit seed for one property of a run: the run seed mixed with the property id (FNV-1a). */
export function propertySeed(runSeed: number, id: string, round: string | number): number {
  let hash = 0x811c9dc5 ^ runSeed;
  for (const char of `${id}#${round}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
