/** Methods that write nothing (RFC 9110 §9.2.1), in upper case. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Whether a request method is safe (RFC 9110 §9.2.1): it asks nothing of the target's state. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}
