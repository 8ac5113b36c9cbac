import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from '../findings/index.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJUnit } from './junit.js';
import { secretsFromEnv } from './redact.js';

/** Where to write each report file (`--junit`, `--json`, `--html`); formats left out are not written. */
export interface ReportFiles {
  readonly junit?: string;
  readonly json?: string;
  readonly html?: string;
  /** Secrets to scrub; by default the `API_KEY` environment variable, when set. */
  readonly secrets?: readonly string[];
}

/**
 * Writes the requested report files, creating their directories, and returns the absolute paths
 * written. The renderers are pure; this is the only part of the reports that touches the disk.
 */
export async function writeReports(report: RunReport, files: ReportFiles): Promise<string[]> {
  const secrets = files.secrets ?? secretsFromEnv(process.env);
  const outputs: Array<[string | undefined, () => string]> = [
    [files.junit, () => renderJUnit(report, { secrets })],
    [files.json, () => renderJson(report, { secrets })],
    [files.html, () => renderHtml(report, { secrets })],
  ];
  const written: string[] = [];
  for (const [file, render] of outputs) {
    if (file === undefined) continue;
    const path = resolve(file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, render(), 'utf8');
    written.push(path);
  }
  return written;
}
