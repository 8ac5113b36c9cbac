import { COMMAND_NAME } from '../cli/name.js';
import { main } from './cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Interrupted: what was under way may still be winding down; the reports are written, so go.
    if (code === 130) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${COMMAND_NAME} test: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
