import type { OperationModel } from '../spec/index.js';

/** The answer static mode gives without preferences: a status and the example body. */
export interface StaticExample {
  readonly status: number;
  readonly body: unknown;
}

/**
 * The example static mode answers with, chosen as Prism's static mocker chooses it: the lowest
 * documented 2xx status, and that response's first JSON example. Answering it directly spares
 * static mode from loading Prism before its first answer; `static-answer.test.ts` checks that it is
 * the answer Prism gives. Undefined when the spec has no such example (Prism answers then).
 */
export function staticExample(operation: OperationModel): StaticExample | undefined {
  const success = Object.keys(operation.responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort()[0];
  if (success === undefined) return undefined;
  const examples = Object.values(operation.responses[success]!.examples);
  return examples.length > 0 ? { status: Number(success), body: examples[0] } : undefined;
}
