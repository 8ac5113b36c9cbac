/** The machine a run was measured on. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { ROOT } from './processes.js';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  /** 1-minute load average at the start and the end of the run: other work on the machine skews numbers. */
  readonly loadAtStart: number;
  loadAtEnd?: number;
  readonly commit: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'mock', 'conformance', 'spec', 'fixtures'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dirty) commit += ' (uncommitted changes in mock/conformance/spec/fixtures)';
  } catch {
    // Not a git checkout.
  }
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAtStart: Math.round(loadavg()[0]! * 100) / 100,
    commit,
  };
}
