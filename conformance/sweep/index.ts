/**
 * The one way work of the kit sends and judges its requests (see {@link ExchangeLog}).
 * @module
 */
export { ExchangeLog, type SendsAndJudges } from './exchange-log.js';
