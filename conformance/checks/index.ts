import type { CheckName } from './registry.js';
import type { Case } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { checkAllowHeader } from './allow-header.js';
import { checkAuthChallenge } from './auth-challenge.js';
import { checkConnectionClose } from './connection-close.js';
import { checkContentType } from './content-type.js';
import { checkDeprecation } from './deprecation.js';
import { checkErrorStatus } from './error-status.js';
import { checkHead } from './head.js';
import { checkJsonCharset, checkUtf8Bytes } from './json-charset.js';
import type { Check } from './make-finding.js';
import { checkRedirect } from './redirect.js';
import { checkResponseHeaders } from './response-headers.js';
import { checkSchema } from './schema.js';
import { checkServerError } from './server-error.js';
import { checkStatus } from './status.js';
import { checkTransport } from './transport.js';
import { checkUnauthenticatedProbe } from './unauthenticated-probe.js';

export {
  checkAllowHeader,
  checkAuthChallenge,
  checkHead,
  checkUnauthenticatedProbe,
  checkContentType,
  checkDeprecation,
  checkErrorStatus,
  checkRedirect,
  checkSchema,
  checkServerError,
  checkStatus,
  checkTransport,
};
export { describeAuth } from './status.js';
export { CHECK_NAMES, CHECKS, checkKept, isCheckName } from './registry.js';
export type { CheckName } from './registry.js';
export { findingOf, mediaTypeOf, outsideOperation, responseRecord } from './make-finding.js';
export type { Check, CheckInput } from './make-finding.js';

/** A check with the name its tally is kept under (which may depend on the case). */
export interface RegisteredCheck {
  readonly name: (c: Case) => CheckName;
  readonly run: Check;
  /** Operations the check has something to say about; all when absent (keeps tallies honest). */
  readonly applies?: (operation: OperationModel) => boolean;
}

const fixed = (name: CheckName) => () => name;

/** Where the status oracle's verdicts are tallied: by what the case was about. */
function statusTally(c: Case): CheckName {
  if (c.kind === 'auth') return 'auth';
  if (c.kind === 'invalid') return 'negative';
  if (c.kind === 'probe') return 'robustness';
  return 'positive';
}

/** The generic checks, run on every exchange of every operation, in report order. */
export const GENERIC_CHECKS: readonly RegisteredCheck[] = [
  { name: fixed('transport'), run: checkTransport },
  { name: fixed('server_error'), run: checkServerError },
  { name: statusTally, run: checkRedirect },
  { name: statusTally, run: checkStatus },
  { name: fixed('content_type'), run: checkContentType },
  { name: fixed('content_type'), run: checkJsonCharset },
  { name: fixed('content_type'), run: checkUtf8Bytes },
  { name: fixed('schema'), run: checkSchema },
  {
    name: fixed('response_headers'),
    run: checkResponseHeaders,
    applies: (operation) => Object.values(operation.responses).some((r) => Object.keys(r.headers).length > 0),
  },
  { name: fixed('error_status'), run: checkErrorStatus },
  { name: fixed('auth'), run: checkAuthChallenge },
  { name: fixed('deprecation'), run: checkDeprecation },
  { name: fixed('protocol'), run: checkAllowHeader },
  { name: fixed('protocol'), run: checkHead },
  { name: fixed('protocol'), run: checkConnectionClose },
  { name: fixed('auth'), run: checkUnauthenticatedProbe },
];
