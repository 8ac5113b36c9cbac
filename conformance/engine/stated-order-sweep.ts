import type { JsonSchema, OperationModel, ParameterModel, SpecModel } from '../../spec/index.js';
import { sentencesOf, specWords, type SpecWords } from '../../spec/spec-words.js';
import { findingOf } from '../checks/index.js';
import { mentions } from '../checks/stated-rule.js';
import { specBasis } from '../findings/index.js';
import { mergeAllOf, ordinaryParts, toValidCase } from '../generate/index.js';
import { rangePairs } from '../generate/range-pairs.js';
import type { KitSweep, PropertyContext } from './kit-property.js';

/** Words that order two values: "earlier", "later than", "before", "must not exceed". */
const ORDER_WORDS = /\b(?:earlier|later|before|after|exceed\w*|greater|less|smaller|larger|precede\w*|follow\w*)\b/i;
/** Words that answer an inverted range with a page, not a refusal ("no loan matches (200, `items: []`)"). */
const SERVED_WORDS = /\b(?:200|empty|no \w+ match\w*|matches nothing)\b/i;

/**
 * Two query parameters that open and close a range (`from` and `to`, `checkIn` and `checkOut`, `minPrice`
 * and `maxPrice`) whose operation's words state their order and the refusal of the other order: "`from`
 * must be earlier than `to`; otherwise 400" (the greenhouse and rentals zoos). OpenAPI cannot say it, so
 * only the words do. Each such pair is sent once inverted, otherwise as the ordinary request: a 2xx
 * serves what the words refuse (semantics.filter, `stated-order`). A refusal is what the words ask;
 * every check judges the exchange as any valid request's. Equal ends are not sent: whether the words'
 * order is strict is theirs to say, not the kit's to guess.
 */
export function statedOrderSweeps(spec: SpecModel, context: PropertyContext): KitSweep[] {
  const sweeps: KitSweep[] = [];
  for (const operation of spec.operations.filter((o) => o.method === 'get')) {
    const query = operation.parameters.filter((p) => p.in === 'query');
    for (const [low, high] of rangePairs(query.map((p) => p.name))) {
      const opening = query.find((p) => p.name === low)!;
      const closing = query.find((p) => p.name === high)!;
      const words = statedOrder(operation, opening, closing);
      const values = words ? invertedValues(opening, closing) : undefined;
      if (!words || !values) continue;
      sweeps.push({
        id: `${operation.operationId}/stated-order-${low}`,
        family: 'stated-order',
        operationId: operation.operationId,
        async execute() {
          const parts = ordinaryParts(operation, context.known(operation.operationId), context.seed);
          const c = toValidCase(operation, {
            ...parts,
            query: [
              ...parts.query.filter(([name]) => name !== low && name !== high),
              [low, values[0]],
              [high, values[1]],
            ],
          });
          const exchange = await context.send({ ...c, family: 'stated-order' });
          const findings = context.judge(exchange);
          const status = exchange.response?.status;
          if (status !== undefined && status >= 200 && status < 300)
            findings.push(
              findingOf(exchange, {
                code: 'semantic_violation',
                severity: 'failure',
                check: 'semantics.filter',
                basis: specBasis(words),
                evidence: { rule: 'stated-order', low, high, lowValue: values[0], highValue: values[1], status },
              }),
            );
          return { exchanges: [exchange], findings };
        },
      });
    }
  }
  return sweeps;
}

/**
 * The sentence of the operation's words (its summary and description, and each parameter's) that
 * names both ends, orders them and answers the other order 400. Undefined when none does, or when it
 * says the other order is served (200, an empty page).
 */
function statedOrder(
  operation: OperationModel,
  opening: ParameterModel,
  closing: ParameterModel,
): SpecWords | undefined {
  const sources: [string | undefined, string][] = [
    [operation.summary, `${operation.pointer}/summary`],
    [operation.description, `${operation.pointer}/description`],
    ...[opening, closing].map((p): [string | undefined, string] => [p.description, `${operation.pointer}/parameters`]),
  ];
  for (const [text, pointer] of sources) {
    if (typeof text !== 'string') continue;
    const sentences = sentencesOf(text);
    // "`from` must be earlier than `to`; otherwise 400": a clause after a semicolon that says what
    // happens otherwise belongs to the rule before it.
    const rules = sentences.map((s, i) =>
      /^otherwise\b/i.test(sentences[i + 1] ?? '') ? `${s} ${sentences[i + 1]}` : s,
    );
    for (const sentence of rules)
      if (
        mentions(sentence, opening.name) &&
        mentions(sentence, closing.name) &&
        ORDER_WORDS.test(sentence) &&
        /\b400\b/.test(sentence) &&
        !SERVED_WORDS.test(sentence)
      )
        return specWords(pointer, sentence);
  }
  return undefined;
}

/** Values for the two ends, the opening one past the closing one, each valid by its own schema. */
function invertedValues(opening: ParameterModel, closing: ParameterModel): readonly [string, string] | undefined {
  const kind = (p: ParameterModel) => {
    const s = mergeAllOf(p.schema.schema) as JsonSchema;
    return s.type === 'integer' || s.type === 'number'
      ? 'number'
      : s.format === 'date' || s.format === 'date-time'
        ? s.format
        : undefined;
  };
  const k = kind(opening);
  if (k === undefined || kind(closing) !== k) return undefined;
  const [later, earlier] =
    k === 'number'
      ? ['5', '1']
      : k === 'date'
        ? ['2026-03-05', '2026-03-01']
        : ['2026-03-05T00:00:00Z', '2026-03-01T00:00:00Z'];
  const valid = (p: ParameterModel, text: string) => p.schema.validate(k === 'number' ? Number(text) : text).ok;
  return valid(opening, later) && valid(closing, earlier) ? [later, earlier] : undefined;
}
