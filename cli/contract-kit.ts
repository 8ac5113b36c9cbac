/**
 * `contract-kit <verb>`: the one command. Each verb is one entry of {@link VERBS}, loaded on demand
 * (the mock does not load the kit, the kit does not load Prism until it starts the embedded mock),
 * and answers its own `--help`. The spec comes as an argument the way peers take it
 * (`contract-kit mock spec.yaml`, `contract-kit test spec.yaml --target URL`); with none, the
 * Animal Store's shipped spec.
 *
 * bin/contract-kit.mjs calls {@link run}; the old commands (bin/animal-store-*.mjs) call it with
 * their verb and their old name, which prints a one-line notice on stderr first.
 * @module
 */
import { COMMAND_NAME, OLD_COMMANDS } from './name.js';

/** Environment variables, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One verb of the command. */
export interface Verb {
  /** What it does, in the verb list of `contract-kit --help`. */
  readonly summary: string;
  /** How it is called, after the command name. */
  readonly usage: string;
  /**
   * Runs it with the arguments after the verb. Resolves to the exit code, or to `undefined` for a
   * verb that keeps serving (`mock`) and exits the process itself when stopped.
   */
  readonly run: (argv: readonly string[], env: Env) => Promise<number | undefined>;
}

/** Prints a verb's help when asked; true when it did. */
function helped(argv: readonly string[], help: string): boolean {
  if (!argv.includes('--help') && !argv.includes('-h')) return false;
  process.stdout.write(help);
  return true;
}

/** The help of `replay`. */
const REPLAY_HELP = `Usage: ${COMMAND_NAME} replay '<id>' [spec.yaml] [--target <url>] [options]

Sends one shrunk counterexample again, exactly, as a reproducer prints it
('<property>@<seed>#<round>:<path>'); the seed comes from the id unless --seed is given.
Every option of \`${COMMAND_NAME} test\` applies (--target, --api-key, --basic, -H, --timeout, ...).
Exit 0: the case passes now. Exit 1: it still fails. Exit 2: usage error or unreachable target.
`;

/** The help of `checks`. */
const CHECKS_HELP = `Usage: ${COMMAND_NAME} checks

Prints every check's name and what it verifies: the names --only and --skip take, and the names
findings, tallies and the JSON report use.
`;

/** Every verb, by name, in the order `--help` lists them. */
export const VERBS: Readonly<Record<string, Verb>> = {
  mock: {
    summary: 'serve a stateful mock of the spec',
    usage: 'mock [spec.yaml] [--port n] [--api-key k] [--mode m] ...',
    run: async (argv, env) => (await import('../mock/main.js')).mockMain(argv, env),
  },
  test: {
    summary: 'certify a target against the spec (no --target: the embedded mock)',
    usage: 'test [spec.yaml] [--target url] [--seed n] [--junit f] [--html f] ...',
    run: async (argv, env) => (await import('../conformance/cli.js')).main(argv, env),
  },
  proxy: {
    summary: 'forward live traffic to an upstream and check both directions against the spec',
    usage: 'proxy [spec.yaml] <upstream url> [--port n] [--record f.har] [--json f] ...',
    run: async (argv, env) => (await import('../proxy/cli.js')).runProxyCli(argv, env),
  },
  merge: {
    summary: 'join the --json reports of the shards of one run',
    usage: 'merge <report.json>... [--junit f] [--json f] [--html f]',
    run: async (argv, env) => (await import('../conformance/cli.js')).mergeMain(argv, env),
  },
  replay: {
    summary: 'send one shrunk counterexample again, as a reproducer prints it',
    usage: "replay '<id>' [spec.yaml] [--target url] ...",
    run: async (argv, env) => {
      if (helped(argv, REPLAY_HELP)) return 0;
      const [id, ...rest] = argv;
      if (id === undefined || id.startsWith('-')) {
        process.stderr.write(
          `${COMMAND_NAME} replay: give the id a reproducer printed first\nRun with --help for usage.\n`,
        );
        return 2;
      }
      const { parseReplay } = await import('../conformance/engine/run-conformance.js');
      let seed: number | undefined;
      try {
        seed = parseReplay(id).seed;
      } catch (error) {
        process.stderr.write(`${COMMAND_NAME} replay: ${(error as Error).message}\n`);
        return 2;
      }
      const seedGiven = rest.some((a) => a === '--seed' || a.startsWith('--seed='));
      const extra = seed !== undefined && !seedGiven ? ['--seed', String(seed)] : [];
      return (await import('../conformance/cli.js')).main([...rest, '--replay', id, ...extra], env);
    },
  },
  init: {
    summary: 'write a resources file, a CI workflow and an npm script for a spec',
    usage: 'init <spec.yaml> [--shards n] [--dir d] [--force]',
    run: async (argv) => (await import('./init/init-main.js')).initMain(argv),
  },
  checks: {
    summary: 'list the checks and what each verifies',
    usage: 'checks',
    run: async (argv, env) => {
      if (helped(argv, CHECKS_HELP)) return 0;
      if (argv.length > 0) {
        process.stderr.write(`${COMMAND_NAME} checks: takes no argument, got ${argv.join(' ')}\n`);
        return 2;
      }
      return (await import('../conformance/cli.js')).main(['--list-checks'], env);
    },
  },
};

/** `contract-kit --help`: the verbs and how to get each one's help. */
export function mainHelp(): string {
  const width = Math.max(...Object.keys(VERBS).map((v) => v.length));
  return (
    `Usage: ${COMMAND_NAME} <verb> [spec.yaml] [options]\n\n` +
    "Mocks and certifies any OpenAPI 3.0/3.1 API (with no spec: the Animal Store's, shipped).\n\n" +
    'Verbs:\n' +
    Object.entries(VERBS)
      .map(([name, verb]) => `  ${name.padEnd(width)}  ${verb.summary}\n`)
      .join('') +
    `\nExamples:\n` +
    `  ${COMMAND_NAME} mock openapi.yaml\n` +
    `  ${COMMAND_NAME} test openapi.yaml --target https://staging.example/v1   # key from $API_KEY\n` +
    `  ${COMMAND_NAME} init openapi.yaml\n\n` +
    `${COMMAND_NAME} <verb> --help shows a verb's options.\n`
  );
}

/** Options of {@link run}. */
export interface RunOptions {
  /** The old command name this run came from: a one-line notice goes to stderr first. */
  readonly alias?: keyof typeof OLD_COMMANDS;
}

/**
 * Runs the command line `argv` (the arguments after the command name). Sets `process.exitCode`
 * when the verb finishes; a serving verb keeps the process alive.
 */
export async function run(argv: readonly string[], env: Env = process.env, options: RunOptions = {}): Promise<void> {
  if (options.alias) {
    process.stderr.write(
      `${options.alias} is now \`${COMMAND_NAME} ${OLD_COMMANDS[options.alias]}\`; the old name still works.\n`,
    );
  }
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const verb = name === 'help' && rest[0] !== undefined ? VERBS[rest[0]] : undefined;
    if (verb) return run([rest[0]!, '--help'], env);
    process.stdout.write(mainHelp());
    process.exitCode = name === undefined ? 2 : 0;
    return;
  }
  const verb = VERBS[name];
  if (!verb) {
    process.stderr.write(
      `${COMMAND_NAME}: unknown verb ${JSON.stringify(name)}; one of ${Object.keys(VERBS).join(', ')}\n` +
        `Run ${COMMAND_NAME} --help for usage.\n`,
    );
    process.exitCode = 2;
    return;
  }
  try {
    const code = await verb.run(rest, env);
    if (code !== undefined) process.exitCode = code;
  } catch (error) {
    process.stderr.write(`${COMMAND_NAME} ${name}: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  }
}
