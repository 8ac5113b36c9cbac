import { resolve } from 'node:path';
import { findResourceConfig } from '../spec/resources/index.js';
import { referencedFiles } from './referenced-files.js';
import { watchFile } from './spec-watcher.js';

/** Watches a spec and what it depends on; {@link SpecFilesWatcher.refresh} after a reload follows new `$ref`s. */
export interface SpecFilesWatcher {
  /** Finds the files again (a reload may add or drop `$ref`s) and watches those. */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * Calls `onChange` when the spec file, any file it reaches through `$ref` (hot reload of a split
 * spec), or its resource config (`<spec>.resources.yaml`) changes. The spec file is watched at once;
 * the others after `settleMs`, so finding them (a second parse of the spec) never slows the start.
 */
export function watchSpecFiles(specFile: string, onChange: () => void, settleMs = 300): SpecFilesWatcher {
  const spec = resolve(specFile);
  const stops = new Map<string, () => void>([[spec, watchFile(spec, onChange)]]);
  let stopped = false;
  async function refresh(): Promise<void> {
    const files = new Set([spec, ...(await referencedFiles(spec))]);
    const config = findResourceConfig(spec);
    if (config !== undefined) files.add(config);
    if (stopped) return;
    for (const [file, stop] of stops) {
      if (file !== spec && !files.has(file)) {
        stop();
        stops.delete(file);
      }
    }
    for (const file of files) if (!stops.has(file)) stops.set(file, watchFile(file, onChange));
  }
  const timer = setTimeout(() => void refresh(), settleMs);
  timer.unref();
  return {
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const stop of stops.values()) stop();
      stops.clear();
    },
  };
}
