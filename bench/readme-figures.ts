/**
 * The benchmark figures of README.md (the headline) and docs/benchmarks.md (the table), generated
 * from the latest benchmark (bench/results/latest.json, written by `npm run bench`), so the headline
 * and the table can never disagree:
 *
 *   npm run figures        rewrites the generated blocks from latest.json
 *
 * Each block sits between `<!-- figures:<name> -->` and `<!-- /figures:<name> -->`;
 * readme-figures.test.ts fails when a block differs from what latest.json gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const README = `${ROOT}README.md`;
/** Which generated blocks each file holds, by path from the project root. */
export const FIGURE_FILES: Readonly<Record<string, readonly string[]>> = {
  'README.md': ['headline'],
  'docs/benchmarks.md': ['benchmarks'],
};
export const LATEST = `${ROOT}bench/results/latest.json`;

interface Load {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
}
/** The parts of latest.json the README shows. */
export interface LatestBench {
  readonly date: string;
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly memoryGiB: number;
    readonly node: string;
    readonly commit: string;
  };
  readonly settings: { readonly connections: number; readonly seconds: number };
  readonly throughput: readonly { readonly id: string; readonly load: Load }[];
  readonly coldStart: readonly { readonly id: string; readonly medianMs: number }[];
  readonly kit: {
    readonly defaultRun: { readonly wallMs: number; readonly requests: number };
    readonly cliRun: { readonly wallMs: number };
    readonly planted: {
      readonly found: number;
      readonly of: number;
      readonly medianMs: number;
      readonly minimalLength: number;
      readonly shrunkLengths: readonly number[];
    };
  };
}

/** Rows of the README's table, in order, with the label the README gives each server. */
const SERVERS: readonly (readonly [id: string, label: string])[] = [
  ['bare', 'bare `node:http`, fixed body (the ceiling)'],
  ['prism', 'raw Prism 5.14 CLI (`/pets`)'],
  ['mock-stateful', 'mock, stateful'],
  ['mock-static', 'mock, static'],
  ['mock-dynamic', 'mock, dynamic'],
];

const MODES = ['stateful', 'static', 'dynamic'] as const;

/** `14.1×`; bold when asked. */
function times(value: number, bold = false): string {
  const text = `${value.toFixed(value < 1 ? 2 : 1)}×`;
  return bold ? `**${text}**` : text;
}
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Every generated block's text, by name. */
export function figureBlocks(bench: LatestBench): Record<string, string> {
  const load = (id: string) => bench.throughput.find((t) => t.id === id)?.load;
  const cold = (id: string) => bench.coldStart.find((c) => c.id === id)?.medianMs;
  const prism = load('prism')!;
  const prismCold = cold('prism')!;
  const { planted, defaultRun, cliRun } = bench.kit;
  const shrunkAlways = planted.shrunkLengths.every((n) => n === planted.minimalLength);

  const headline = [
    `- Planted 500 on names over 30 UTF-16 units: found with **${planted.found} / ${planted.of}** seeds` +
      `${shrunkAlways ? `, shrunk to ${planted.minimalLength} characters every time` : ''} (Schemathesis: 2 / 10).`,
    `- Mock throughput vs raw Prism, same run: ${MODES.map((m, i) => `${times(load(`mock-${m}`)!.rps / prism.rps, i === 0)} ${m}`).join(', ')};` +
      ` cold start ${MODES.map((m) => times(cold(`mock-${m}`)! / prismCold)).join(' / ')} of Prism's.`,
  ].join('\n');

  const rows = SERVERS.map(([id, label]) => {
    const l = load(id)!;
    const c = cold(id)!;
    const bold = id.startsWith('mock-');
    return `| ${label} | ${thousands(l.rps)} | ${times(l.rps / prism.rps, bold)} | ${l.p50} / ${l.p99} | ${thousands(c)} ms | ${times(c / prismCold, bold)} |`;
  });
  const { machine, settings } = bench;
  const table = [
    `Latest full run (${bench.date.slice(0, 10)}, commit ${machine.commit}): ${machine.cores} ${machine.cpu} cores, ${machine.memoryGiB} GiB,`,
    `Node ${machine.node.replace(/^v/, '')}, \`GET /v1/pets?limit=5\` with a valid key, ${settings.connections} connections, autocannon`,
    'on the same machine (so absolute figures understate and vary between runs; the ratios are the point).',
    '',
    '| Server | req/s | × raw Prism | p50 / p99 ms | cold start (spawn → first 200) | × raw Prism |',
    '|---|---:|---:|---|---:|---:|',
    ...rows,
    '',
    `Stateful mode serves ${times(load('mock-stateful')!.rps / load('bare')!.rps)} the requests/s of the bare \`node:http\` server beside it (the goal: 0.6×).`,
    '',
    `Kit: a default run against the local reference implementation takes ${seconds(defaultRun.wallMs)} (${thousands(defaultRun.requests)} requests;`,
    `${seconds(cliRun.wallMs)} through the CLI, start-up included). The planted 500 on names over 30 UTF-16 units is found`,
    `with ${planted.found} of ${planted.of} seeds (median ${(planted.medianMs / 1000).toFixed(2)} s)` +
      `${shrunkAlways ? ` and shrunk to a ${planted.minimalLength}-character name every time` : ''}.`,
  ].join('\n');

  return { headline, benchmarks: table };
}

/** A file's text with the named generated blocks replaced; throws when a block's markers are missing. */
export function withFigures(readme: string, bench: LatestBench, names: readonly string[], file = 'README.md'): string {
  let text = readme;
  const blocks = figureBlocks(bench);
  for (const name of names) {
    const block = blocks[name];
    if (block === undefined) throw new Error(`no generated block is named ${name}`);
    const pattern = new RegExp(`(<!-- figures:${name} [^>]*-->\\n)[\\s\\S]*?(<!-- /figures:${name} -->)`);
    if (!pattern.test(text)) throw new Error(`${file} has no <!-- figures:${name} ... --> block`);
    text = text.replace(pattern, (_, open: string, close: string) => `${open}${block}\n${close}`);
  }
  return text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bench = JSON.parse(readFileSync(LATEST, 'utf8')) as LatestBench;
  for (const [file, names] of Object.entries(FIGURE_FILES))
    writeFileSync(`${ROOT}${file}`, withFigures(readFileSync(`${ROOT}${file}`, 'utf8'), bench, names, file));
  process.stdout.write(`figures written from ${LATEST.slice(ROOT.length)} (${bench.date})\n`);
}
