import type { Case, Exchange } from '../cases/index.js';
import { findingOf, mediaTypeOf } from '../checks/index.js';
import { CLIENT_HEADERS_GAP } from '../checks/status.js';
import { ExchangeLog } from '../sweep/index.js';
import { ordinaryParts, sendsJson, toValidCase } from '../generate/index.js';
import { BROWSER_ACCEPT, CLIENT_HEADER_SETS, JSON_CONTENT_TYPE_SPELLINGS } from '../generate/client-headers.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import type { PropertyContext } from './kit-property.js';
import type { KitSweep } from './kit-property.js';

/** Media types a browser's Accept asks for first: a server with such a representation may pick it (RFC 9110 §12.5.1). */
const BROWSER_TYPES = /^(text\/html|application\/xhtml\+xml|application\/xml|text\/xml)$/;

/**
 * Operations the sweep tries: every read, and (unless read-only) every POST whose body is JSON, the
 * creations; no other write (a PUT, PATCH or DELETE repeated a dozen times changes what others read).
 */
function swept(operation: OperationModel, readOnly: boolean): boolean {
  if (operation.method === 'get') return true;
  return !readOnly && operation.method === 'post' && (!operation.requestBody || sendsJson(operation));
}

/** Whether the operation's body is plain JSON (not a `+json` type): the one the charset spellings apply to. */
function plainJsonBody(operation: OperationModel): boolean {
  const type = operation.requestBody?.preferredMediaType;
  return operation.requestBody !== undefined && (type === undefined || /^application\/json$/i.test(type));
}

/**
 * A browser's Accept got a representation the browser asked for first, one that is not JSON (an HTML
 * page from a browsable API): a media type the spec does not name, not JSON mislabelled. JSON
 * labelled text/html is still a wrong label.
 */
function negotiatedForBrowser(e: Exchange): boolean {
  const r = e.response;
  return (
    e.request.headers.accept === BROWSER_ACCEPT &&
    r !== undefined &&
    BROWSER_TYPES.test(mediaTypeOf(r.headers)) &&
    r.json === undefined &&
    r.bodyText.trim() !== ''
  );
}

/**
 * Sweeps of the headers real clients send: one ordinary valid request of each read and each JSON
 * creation, repeated with each set of {@link CLIENT_HEADER_SETS} (a browser's or jQuery's Accept,
 * Accept-Language, a long User-Agent, X-Requested-With, If-None-Match quoted and not, Accept-Encoding
 * with q=0, Origin, Cache-Control, DNT, Sec-Fetch-*, the site's cookies) and the valid credential.
 * Every answer is judged by every check as the valid request it is: no 5xx, a documented status in a
 * documented media type matching its schema, in a coding the request accepted (the sender refuses
 * any other, RFC 9110 §12.5.3). A 4xx (a 401 or 403 too: a guard in front of the key check) is a
 * refusal of a header the spec does not mention: a contract gap (`client-headers`), not a failure.
 *
 * Creations are also sent with legal spellings of `application/json` with a charset (OWS before
 * ";", a quoted value, an upper-case name): those are the documented type, so a refusal fails, a
 * 415 even where the operation documents one.
 */
export function clientHeaderSweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  return spec.operations
    .filter((operation) => swept(operation, readOnly))
    .map((operation) => ({
      id: `${operation.operationId}/client-headers`,
      family: 'client-headers',
      operationId: operation.operationId,
      async execute() {
        const base = toValidCase(
          operation,
          ordinaryParts(operation, context.known(operation.operationId), context.seed),
        );
        const log = new ExchangeLog(context);
        for (const set of CLIENT_HEADER_SETS) {
          const c: Case = {
            ...base,
            family: 'client-headers',
            headers: { ...base.headers, ...set.headers },
            ...(set.cookies ? { cookies: [...(base.cookies ?? []), ...set.cookies] } : {}),
            edge: { gap: CLIENT_HEADERS_GAP, description: `the request carried ${set.description}` },
          };
          const e = await log.send(c, false);
          // An HTML page negotiated for a browser is a representation the spec does not name, not a
          // wrong answer to the JSON the kit asks for everywhere else: it is left unjudged.
          if (!negotiatedForBrowser(e)) log.judge(e);
        }
        if (plainJsonBody(operation) && base.body?.kind === 'json') {
          for (const contentType of JSON_CONTENT_TYPE_SPELLINGS) {
            const e = await log.send(
              {
                ...base,
                family: 'client-headers',
                headers: { ...base.headers, 'content-type': contentType },
              },
              false,
            );
            const judged = context.judge(e);
            // 415 names the media type as the reason, and this is the documented one spelled legally:
            // wrong even where the operation documents a 415 (which the status check lets through) or
            // the body touches a limit the contract does not show (which it reports as a gap).
            if (e.response?.status !== 415 || judged.some((f) => f.code === 'positive_rejected')) {
              log.add(...judged);
              continue;
            }
            log.add(
              ...judged.filter((f) => f.code !== 'contract_gap'),
              findingOf(e, {
                code: 'positive_rejected',
                severity: 'failure',
                check: 'positive',
                evidence: {
                  scenario: 'refused',
                  status: 415,
                  successes: Object.keys(operation.responses).filter((s) => /^2/.test(s)),
                },
              }),
            );
          }
        }
        return log.execution();
      },
    }));
}
