import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Stops watching. */
export type StopWatching = () => void;

/**
 * Calls `onChange` when `file` changes. The directory is watched, not the file, because editors
 * save by writing a new file and renaming it over the old one, which a watch on the file misses.
 * Bursts of events (one save can fire several) are coalesced over `settleMs`.
 */
export function watchFile(file: string, onChange: () => void, settleMs = 50): StopWatching {
  const name = basename(file);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed.toString() !== name) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, settleMs);
    });
    // A watch that fails later (directory removed) just stops reloading; the mock keeps serving.
    watcher.on('error', () => watcher?.close());
  } catch {
    return () => undefined;
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
