/**
 * Faults on demand, for testing how an app copes (WireMock's catalogue): an added delay (fixed or a
 * seeded random range), any status, a connection reset, an empty reply, a malformed body, a slow drip
 * of bytes. Asked for per request with the `X-Mock-Fault` header, or per route in a faults file
 * (`--faults`); off unless asked for.
 * @packageDocumentation
 */
export { FAULT_HEADER, MAX_FAULT_DELAY_MS, MAX_DRIP_INTERVAL_MS, DRIP_CHUNKS } from './fault.js';
export type { Fault, FaultAction } from './fault.js';
export { parseFault } from './parse-fault.js';
export type { FaultParse } from './parse-fault.js';
export { loadFaultConfig } from './load-fault-config.js';
export type { FaultConfig, FaultRule } from './load-fault-config.js';
export { createFaults } from './create-faults.js';
export type { FaultPlan, Faults } from './create-faults.js';
export { deliverFault } from './deliver-fault.js';
