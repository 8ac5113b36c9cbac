import { isObject } from '../../spec/json/index.js';
import type { OperationModel } from '../../spec/model.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { firstSuccess, isJsonType, negotiate, placeholderAnswer } from '../conform-answer.js';
import type { RequestHeaders } from '../cors.js';
import { errorBody, mockError } from '../errors.js';
import { cutToPage, generatedListLength } from '../generated/list-length.js';
import { generatedTotal, realisticBody } from '../generated/realistic-body.js';
import type { MockPreferences } from '../prefer.js';
import { forcedBy, forcedError, undocumentedPreference } from '../prefer-documented.js';
import type { SpecAnswer } from '../prism-engine.js';
import type { RequestInput } from '../request-input.js';
import { countHeaderOf } from '../total-members.js';
import type { CoreParts, CoreRequest, Served } from './types.js';
import { joined, preferError, replacingHeader } from './wire.js';

/**
 * An answer made from the spec rather than the store: a generated one (dynamic mode,
 * `Prefer: dynamic=true`), sized and shaped by the resource model, or the engine's (Prism in Node,
 * the spec's examples in the browser) for what the generator cannot make and for everything forced
 * by `Prefer: code=` or `example=`.
 */
export async function answerFromSpec(
  req: CoreRequest,
  operation: OperationModel,
  path: string,
  input: RequestInput,
  preferences: MockPreferences | undefined,
  current: Served,
  parts: Pick<CoreParts, 'options' | 'resources'>,
): Promise<Answer> {
  const { options, resources } = parts;
  const undocumented = preferences && undocumentedPreference(operation, preferences);
  if (undocumented) return errorAnswer(preferError(undocumented));
  // Prism answers JSON only: a success the client takes as an image, a PDF or text is built here.
  const success = preferences?.code === undefined ? firstSuccess(operation) : undefined;
  const negotiated = success && negotiate(success.status, success.response, joined(req.headers.accept));
  if (negotiated && !isJsonType(negotiated.contentType)) return placeholderAnswer(negotiated);
  // A generated answer (dynamic mode, Prefer: dynamic=true) is sized and shaped by the resource model.
  const generatedAnswer =
    (preferences?.dynamic ?? options.mode === 'dynamic') &&
    preferences?.code === undefined &&
    preferences?.exampleKey === undefined;
  const list = generatedAnswer ? generatedListLength(resources.model, operation, input) : undefined;
  const seed = preferences?.seed ?? options.seed;
  // Generated answers come from the spec module's value generator, seeded per request so that a
  // seed gives the same answer to the same request.
  const made = generatedAnswer
    ? current.generator.answer(
        operation,
        list,
        seed === undefined ? undefined : `${seed}|${operation.operationId}|${req.url || path}`,
      )
    : undefined;
  const result: SpecAnswer =
    made !== undefined
      ? { ok: true, ...made }
      : await current.engine.answer(
          operation,
          {
            path: path.slice(current.spec.basePath.length),
            query: input.rawQuery,
            headers: engineHeaders(
              req.headers,
              success?.response ??
                (preferences?.code === undefined ? undefined : operation.responseFor(preferences.code)),
            ),
            body: input.body,
          },
          preferences,
        );
  if (!result.ok) {
    if (result.internal) options.log(`mock error: ${operation.operationId}: ${result.error.message}`);
    return errorAnswer(preferError(result.error));
  }
  const { status, body } = result;
  const forced = preferences && forcedError(operation, status, preferences, result.headers);
  if (forced) return { ...errorAnswer(forced), reason: `forced by ${forcedBy(preferences!)}` };
  if (status >= 400)
    return {
      ...jsonAnswer(status, errorShaped(status, body, preferences), result.headers),
      reason: preferences ? `forced by ${forcedBy(preferences)}` : 'the spec engine answered an error',
    };
  if (body === undefined) return { status, json: undefined, headers: result.headers };
  const real =
    generatedAnswer && status < 300
      ? realisticBody(current.spec, resources.model, operation, input, status, body)
      : undefined;
  // A plain answer (no Prefer) to a list the store does not hold keeps the page size asked for.
  const out =
    real ?? (preferences === undefined && status < 300 ? cutToPage(resources.model, operation, input, body) : body);
  const shaped =
    (preferences === undefined || generatedAnswer) && status < 300
      ? current.plugin?.engineBody?.(operation, input, out)
      : undefined;
  // A generated list's count header (`X-Total-Count`) says what its page claims, not a random integer;
  // a create's Location names the item its body describes, not a generated string.
  const total = generatedAnswer && status < 300 ? generatedTotal(resources.model, operation, input, out) : undefined;
  const counted = total === undefined ? undefined : countHeaderOf(operation, status);
  const location = status < 300 ? resources.locationOf(operation, input, out) : undefined;
  let sentHeaders = result.headers;
  if (counted !== undefined) sentHeaders = replacingHeader(sentHeaders, counted, String(total));
  if (location !== undefined) sentHeaders = replacingHeader(sentHeaders, 'Location', location);
  const answered = jsonAnswer(status, shaped ?? JSON.stringify(out), sentHeaders);
  // realisticBody checked the generated body against the response schema: the success check need not again.
  const checked = real !== undefined && shaped === undefined ? operation.responseFor(status)?.schema : undefined;
  return checked ? { ...answered, checked } : answered;
}

/**
 * A Prism body for an error status: a numeric `status` member, when the body has one, equals the HTTP
 * status (none is added: the spec's error schema may not have it), and the message says the answer
 * was forced, so nobody mistakes it for a real failure.
 */
function errorShaped(status: number, body: unknown, preferences: MockPreferences | undefined): string {
  if (isObject(body)) {
    const shaped: Record<string, unknown> = { ...body };
    if (typeof shaped.status === 'number') shaped.status = status;
    const said = preferences && messageMember(shaped);
    if (said) said.holder[said.key] = `${String(said.holder[said.key])} (forced by ${forcedBy(preferences)})`;
    return JSON.stringify(shaped);
  }
  return errorBody(
    mockError(
      status,
      status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'invalid_parameter',
      `Status ${status}, forced by the Prefer header.`,
    ),
  );
}

const MESSAGE_MEMBER = /message|detail|description|reason|faultstring/i;

/**
 * Where an error body says what went wrong: its message member, else that of an object member one
 * level down (`{"error": {"code", "message"}}`), which is copied so the engine's body stays as it was.
 */
function messageMember(body: Record<string, unknown>): { holder: Record<string, unknown>; key: string } | undefined {
  const find = (o: Record<string, unknown>) =>
    Object.keys(o).find((k) => typeof o[k] === 'string' && MESSAGE_MEMBER.test(k));
  const own = find(body);
  if (own !== undefined) return { holder: body, key: own };
  for (const [name, member] of Object.entries(body)) {
    if (!isObject(member)) continue;
    const key = find(member);
    if (key === undefined) continue;
    const holder = { ...member };
    body[name] = holder;
    return { holder, key };
  }
  return undefined;
}

/**
 * The request's headers as Prism is handed them (only the answers Prism makes need them), for an
 * answer that is to be `chosen` (the success, or the status Prefer code= forces).
 */
function engineHeaders(
  requestHeaders: RequestHeaders,
  chosen: { content: Readonly<Record<string, unknown>> } | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(requestHeaders)) {
    // Prism never sees the key; Accept is ignored because the mock answers JSON only.
    if (name === 'authorization' || name === 'accept' || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // Without Accept Prism wants application/json: name the JSON type the answer documents instead
  // (`application/sarif+json`, a forced error's `application/problem+json`), or Prism refuses an
  // ordinary request with 406, or quietly answers the success in place of the forced status.
  const jsonType = chosen && Object.keys(chosen.content).find((k) => isJsonType(k) && !k.includes('*'));
  if (jsonType !== undefined) headers.accept = jsonType;
  return headers;
}
