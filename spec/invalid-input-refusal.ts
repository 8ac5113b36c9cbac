import { isObject } from './json/index.js';
import type { OperationModel, ResponseModel } from './model.js';
import { requiresAuth } from './security/operation-security.js';

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

/** Words of a documented refusal that say nothing of why it comes (`Bad Request`, `Error`, empty). */
const GENERIC_REFUSAL_WORDS = /^\s*(?:bad request|client error|error|failure|failed|400|request failed)?\s*\.?\s*$/i;

/**
 * The words of the 400 the operation documents when they name a condition of the server's state
 * rather than of the request (`400: Song is not liked`, held-out set 66): a valid request may
 * rightly get it, in a state the kit cannot see. Undefined for any other status, an undocumented
 * 400, or words that are generic, about the request's parts, or about something not found.
 */
export function stateRefusal(operation: OperationModel, status: number): string | undefined {
  // Other documented refusals (409, 422, ...) are already answers the spec allows to valid input.
  if (status !== 400) return undefined;
  const words = operation.responses[String(status)]?.description ?? '';
  // A description may list its reasons ("Validation error or not enough questions", held-out set
  // 119): the 400 is documented for each, so one that names a state is enough.
  return reasons(words).find(
    (w) =>
      w !== '' &&
      !GENERIC_REFUSAL_WORDS.test(w) &&
      !INVALID_INPUT_WORDS.test(w) &&
      !INPUT_WORDS.test(w) &&
      // "Not found" refusals have their own rule: an id the kit made up may name nothing, a known one must.
      !NOT_FOUND_WORDS.test(w),
  );
}

/**
 * Whether the operation's documented 400 (and `4XX`) names only states of the server as its reasons
 * (`400: User already exists.`, held-out set 131), none about the request's input: then it documents
 * no refusal of invalid input, and a server that takes such input breaks no stated rule. Generic
 * words (`Bad Request`) or none are not such a refusal: they cover every reason.
 */
export function refusesStateOnly(operation: OperationModel): boolean {
  const descriptions = ['400', '4XX'].map((key) => operation.responses[key]?.description);
  if (descriptions.every((d) => d === undefined)) return false;
  return descriptions.every(
    (words) =>
      words === undefined ||
      reasons(words).every(
        (w) => w !== '' && !GENERIC_REFUSAL_WORDS.test(w) && !INVALID_INPUT_WORDS.test(w) && !INPUT_WORDS.test(w),
      ),
  );
}

/** Words of a refusal about members left out: "Missing required fields", "name and price are required". */
const MISSING_WORDS = /\b(?:missing|required|not provided|must be provided|absent)\b/i;
/** Words of a refusal about values given: wrong types, formats, ranges, syntax. */
const GIVEN_VALUE_WORDS =
  /\b(?:invalid|validat\w*|malformed|not valid|bad|incorrect|wrong|unprocessable|schema|format|type|types|range|too (?:long|short|large|small|big)|exceeds?|must be (?!provided))\b/i;

/**
 * Whether the operation's documented 400 (and `4XX`) names only members left out as its reasons
 * (`400: Missing required fields`, held-out set 164): it documents the refusal of a body without
 * them, not of a body whose members are there with other types or values.
 */
export function refusesMissingOnly(operation: OperationModel): boolean {
  const descriptions = ['400', '4XX']
    .map((key) => operation.responses[key]?.description)
    .filter((d): d is string => d !== undefined);
  return (
    descriptions.length > 0 &&
    descriptions.every((words) =>
      reasons(words).every((w) => w !== '' && MISSING_WORDS.test(w) && !GIVEN_VALUE_WORDS.test(w)),
    )
  );
}

/**
 * The reasons a description lists, split at "or", "and/or", a semicolon or a line break outside
 * parentheses: "Invalid input (invalid ISO, or appointment in the past)" is one reason, about input.
 */
function reasons(words: string): string[] {
  const out: string[] = [];
  const separator = /\s+(?:and\/)?or\s+|\s*[;\n]\s*/iy;
  let depth = 0;
  let start = 0;
  for (let at = 0; at < words.length; at++) {
    const c = words[at];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      separator.lastIndex = at;
      const found = separator.exec(words);
      if (found && found[0].length > 0) {
        out.push(words.slice(start, at).trim());
        start = at + found[0].length;
        at = start - 1;
      }
    }
  }
  out.push(words.slice(start).trim());
  return out;
}

/** Words that name a part of the request, so a refusal in them is about input, not the server's state. */
const INPUT_WORDS =
  /\b(?:bad|invalid|query|param\w*|body|payload|input|fields?|values?|format|request|data|json|syntax|type)\b/i;
/** Words of a not-found refusal. */
const NOT_FOUND_WORDS = /\b(?:not found|no such|does ?n[o']t exist|not exist\w*|unknown)\b/i;

/** Words by which a refusal names a credential or a session. */
const CREDENTIAL_REFUSAL_WORDS =
  /\b(?:(?:api|access|refresh|secret|bearer)[ _-]?(?:keys?|tokens?)|tokens?|jwt|json[ -]?web[ -]?tokens?|credentials?|cookies?|sessions?|authori[sz]ation|authenticat\w*|unauthori[sz]ed|logged[ -]?in|signed[ -]?in)\b/i;

/**
 * The words of the 4xx the operation documents (or its `4XX`) when they name a credential or a
 * session and the operation declares no security (`400: Bad Request` whose `error` member reads
 * "token expired or not provided", held-out set 72): the server needs something the spec does not
 * declare, so a valid request may rightly get that refusal. The words are the response's
 * description and its body schema's descriptions and examples.
 */
export function undeclaredCredentialRefusal(operation: OperationModel, status: number): string | undefined {
  if (status < 400 || status >= 500 || requiresAuth(operation.security)) return undefined;
  const response = operation.responses[String(status)] ?? operation.responses['4XX'];
  if (!response) return undefined;
  const words = responseWords(response);
  const named = words.find((w) => CREDENTIAL_REFUSAL_WORDS.test(w));
  return named?.trim();
}

/** A response's words: its description, then the descriptions and examples of its body's schema and members. */
function responseWords(response: ResponseModel): string[] {
  const words = [response.description];
  const visit = (schema: unknown, depth: number) => {
    if (!isObject(schema) || depth > 3) return;
    const s = schema as Record<string, unknown>;
    for (const key of ['description', 'example', 'title'] as const) if (typeof s[key] === 'string') words.push(s[key]);
    if (Array.isArray(s.examples)) for (const e of s.examples) if (typeof e === 'string') words.push(e);
    if (isObject(s.properties)) for (const member of Object.values(s.properties)) visit(member, depth + 1);
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
      if (Array.isArray(s[key])) for (const part of s[key] as unknown[]) visit(part, depth + 1);
  };
  visit(response.schema?.schema, 0);
  for (const example of Object.values(response.examples)) words.push(JSON.stringify(example) ?? '');
  return words.filter((w) => w.trim() !== '');
}
