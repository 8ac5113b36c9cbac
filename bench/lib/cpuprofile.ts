/** Reads a V8 .cpuprofile (from `node --cpu-prof`) and attributes self time by package, file and function. */
import { readFileSync } from 'node:fs';
import { ROOT } from './processes.js';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

export interface Attribution {
  readonly name: string;
  readonly ms: number;
  readonly share: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  /** Time not idle. */
  readonly busyMs: number;
  readonly byCategory: readonly Attribution[];
  readonly byFile: readonly Attribution[];
  readonly byFunction: readonly Attribution[];
}

/** Where a frame's code lives: a package, a project directory, a part of node, or a V8 pseudo-frame. */
export function categoryOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'V8: garbage collection';
    if (functionName === '(idle)') return 'idle (waiting for I/O)';
    if (functionName === '(program)') return 'V8/native (program)';
    return `V8: ${functionName}`;
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) {
    const pkg = modules[1]!;
    if (pkg === 'tsx' || pkg === 'esbuild' || pkg === 'get-tsconfig')
      return 'tsx loader (TypeScript transform, resolution)';
    return pkg;
  }
  const node = /^node:internal\/([^/]+)/.exec(url);
  if (node) {
    const area = node[1]!;
    if (area === 'modules') return 'node: module loading';
    return `node: ${area}`;
  }
  if (url.startsWith('node:')) return `node: ${url.slice(5)}`;
  const local = url.replace(/^file:\/\//, '');
  if (local.startsWith(`${ROOT}/`)) {
    const rel = local.slice(ROOT.length + 1);
    return `project ${rel.split('/')[0]}/`;
  }
  return url;
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, '')
    .replace(`${ROOT}/`, '')
    .replace(/^.*node_modules\//, '');
}

/** Microseconds on the monotonic clock V8's profiler uses: `process.hrtime.bigint() / 1000` in any process. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Self time per package, file and function. With `window` (monotonic microseconds, see
 * {@link monotonicMicros}), only samples taken inside it count: e.g. the load phase without start-up.
 */
export function summarizeProfile(
  file: string,
  top = 15,
  window?: { readonly from: number; readonly to: number },
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const category = new Map<string, number>();
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let idle = 0;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (window && (at < window.from || at > window.to)) return;
    const node = byId.get(id);
    if (!node) return;
    total += us;
    const { url, functionName, lineNumber } = node.callFrame;
    const cat = categoryOf(url, functionName);
    if (cat.startsWith('idle')) {
      idle += us;
      return;
    }
    add(category, cat, us);
    if (url) add(files, shortUrl(url), us);
    add(functions, `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim(), us);
  });
  const busy = total - idle;
  const rank = (map: Map<string, number>, n: number): Attribution[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busy > 0 ? us / busy : 0 }));
  return {
    totalMs: total / 1000,
    busyMs: busy / 1000,
    byCategory: rank(category, top),
    byFile: rank(files, top),
    byFunction: rank(functions, top),
  };
}

export function renderProfile(title: string, s: ProfileSummary): string {
  const table = (heading: string, rows: readonly Attribution[]) => [
    `| ${heading} | self ms | share of busy |`,
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.name.replace(/\|/g, '\\|')} | ${r.ms.toFixed(0)} | ${(r.share * 100).toFixed(1)}% |`),
  ];
  return [
    `#### ${title}`,
    '',
    `Profile ${s.totalMs.toFixed(0)} ms, busy (not idle) ${s.busyMs.toFixed(0)} ms.`,
    '',
    ...table('Where (package, project dir, node area)', s.byCategory),
    '',
    ...table('File', s.byFile.slice(0, 10)),
    '',
    ...table('Function', s.byFunction.slice(0, 10)),
    '',
  ].join('\n');
}
