import { requiresAuth } from '../../spec/security/index.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { authRequestOf } from '../auth.js';
import type { MockError } from '../errors.js';
import { type MockPreferences, parsePrefer } from '../prefer.js';
import { type BodyReader, type RequestInput, bytesReader, readRequestInput } from '../request-input.js';
import { staticExample } from '../static-answer.js';
import type { OperationModel } from '../../spec/model.js';
import { answerFromSpec } from './answer-from-spec.js';
import { NO_BYTES } from './respond.js';
import type { RoutedRequest } from './route-request.js';
import type { CoreParts, CoreRequest, Served } from './types.js';
import { joined, preferError } from './wire.js';

/** What the deciding stage answered, and the request body it read (the request list shows it). */
export interface DecidedAnswer {
  readonly answer: Answer;
  readonly bodyText?: string;
  /** Set when the stateful store gave the answer: the same read gets it again until a write. */
  readonly fromStore?: true;
}

/**
 * The middle stage, for a request routed to an operation: the key check (401), a malformed delay or
 * Prefer header, the parameter and body checks (400, 413, 415), then the answer from the store
 * (stateful), from the spec's examples (static), or from the engine (dynamic, and any request with
 * a Prefer header).
 */
export async function decideAnswer(
  req: CoreRequest,
  routed: RoutedRequest,
  path: string,
  search: string,
  current: Served,
  parts: CoreParts,
): Promise<DecidedAnswer> {
  const { operation } = routed;
  const options = parts.options;
  // An empty alternative (`security: [{}]`) makes the key optional; the contract has none.
  if (requiresAuth(operation.security)) {
    const denied = parts.authenticate(authRequestOf(req.headers, search), operation.security);
    if (denied) return { answer: errorAnswer(denied) };
  }
  if (routed.delayError) return { answer: errorAnswer(routed.delayError) };
  const prefer = parsePrefer(joined(req.headers.prefer));
  if (!prefer.ok) return { answer: errorAnswer(preferError(prefer.error)) };
  const input = await readRequestInput(
    { headers: req.headers, body: bodyReaderOf(req) },
    operation,
    routed.pathParams,
    search,
    options.bodyLimit,
  );
  if (!input.ok) return { answer: errorAnswer(asDocumented(operation, input.error)) };
  const read = input.value;
  const preferences = prefer.preferences;
  const { answer, fromStore } = await answerOf(req, operation, path, read, preferences, current, parts);
  return {
    answer,
    ...(read.bodyText === undefined ? {} : { bodyText: read.bodyText }),
    ...(fromStore ? { fromStore } : {}),
  };
}

/** The answer to a request that passed every check: from the store, the spec's examples, or the engine. */
async function answerOf(
  req: CoreRequest,
  operation: OperationModel,
  path: string,
  read: RequestInput,
  preferences: MockPreferences | undefined,
  current: Served,
  parts: CoreParts,
): Promise<{ readonly answer: Answer; readonly fromStore?: true }> {
  const mode = parts.options.mode;
  if (mode === 'stateful' && preferences === undefined) {
    const stored = parts.resources.answer(operation, read, joined(req.headers['content-type']));
    const hook = current.plugin?.storeAnswer;
    if (stored) return { answer: hook ? hook(operation, read, stored) : stored, fromStore: true };
  }
  if (mode === 'static' && preferences === undefined) {
    const example = staticExample(operation);
    if (example)
      return {
        answer: jsonAnswer(
          example.status,
          current.plugin?.engineBody?.(operation, read, example.body) ?? JSON.stringify(example.body),
        ),
      };
  }
  return { answer: await answerFromSpec(req, operation, path, read, preferences, current, parts) };
}

/** A reader for a request's body: the bytes given, or none. */
function bodyReaderOf(req: CoreRequest): BodyReader {
  const body = req.body;
  if (typeof body === 'function') return body;
  return bytesReader(body ?? NO_BYTES);
}

/**
 * A request the checks refuse with 400, answered 422 when that is the status the operation documents
 * for it (no 400, `4XX` or `default`, as FastAPI's specs have it): the spec's documented 4xx.
 */
function asDocumented(operation: OperationModel, error: MockError): MockError {
  if (error.status !== 400 || operation.responseFor(400) || !operation.responses['422']) return error;
  return { ...error, status: 422 };
}
