/** The run could not be carried out (unreachable target, bad spec, bad options): exit 2. */
export class RunError extends Error {
  override readonly name = 'RunError';
}
