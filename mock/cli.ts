/**
 * `npm start`: the mock from the command line (mock/build.mjs bundles this file into dist/mock.mjs).
 * The installed command is `contract-kit mock` (cli/contract-kit.ts), which runs the same {@link mockMain}.
 * @module
 */
import { mockMain } from './main.js';

const code = await mockMain(process.argv.slice(2), process.env);
if (code !== undefined) process.exit(code);
