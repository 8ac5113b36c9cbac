import { main } from './cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`animal-store-conformance: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
