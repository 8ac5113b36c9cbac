import type { OperationModel } from './model.js';

/** Words of a documented refusal that tie it to input the schema refuses. */
const INVALID_INPUT_WORDS =
  /\b(?:invalid|validat\w*|malformed|missing|required|not valid|bad (?:input|data|payload|parameters?|values?|format|body)|incorrect|wrong|unprocessable|schema)\b/i;

/**
 * The operation's documented 400 (or `4XX`) when its description ties it to invalid input, with the
 * key it is documented under and its words; undefined when there is none, or its words say nothing
 * of invalid input (`""`, `Bad Request`).
 */
export function invalidInputRefusal(
  operation: OperationModel,
): { readonly key: string; readonly words: string } | undefined {
  for (const key of ['400', '4XX']) {
    const words = operation.responses[key]?.description ?? '';
    if (INVALID_INPUT_WORDS.test(words)) return { key, words };
  }
  return undefined;
}
