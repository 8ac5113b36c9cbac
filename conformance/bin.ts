import { COMMAND_NAME } from '../cli/name.js';
import { main } from './cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${COMMAND_NAME} test: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
