/**
 * Times the phases of the mock's start-up inside one process: run by bench/profile.ts as
 * `node --import tsx/loader bench/startup-phases.ts <mode>`. performance.now() counts from the
 * process's start, so the first mark includes node's own boot and tsx's loader registration.
 * Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';

const mode = (process.argv[2] ?? 'stateful') as 'stateful' | 'static' | 'dynamic';
const marks: Record<string, number> = { scriptStart: performance.now() };

const { loadSpec } = await import('../spec/index.js');
marks.specModuleImported = performance.now();
await loadSpec();
marks.specLoaded = performance.now();
const { createMockServer } = await import('../mock/index.js');
marks.mockModulesImported = performance.now();
const mock = await createMockServer({ mode, quiet: true, watch: false, apiKeys: ['k'] });
marks.mockCreated = performance.now();
await new Promise<void>((resolve) => mock.server.listen(0, '127.0.0.1', () => resolve()));
marks.listening = performance.now();
await mock.warm();
marks.prismLoaded = performance.now();
const address = mock.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const res = await fetch(`http://127.0.0.1:${port}/v1/pets?limit=5`, { headers: { Authorization: 'Bearer k' } });
await res.text();
marks.firstAnswer = performance.now();
const res2 = await fetch(`http://127.0.0.1:${port}/v1/pets?limit=5`, { headers: { Authorization: 'Bearer k' } });
await res2.text();
marks.secondAnswer = performance.now();
await mock.close();
process.stdout.write(`${JSON.stringify({ mode, status: res.status, marks })}\n`);
process.exit(0);
