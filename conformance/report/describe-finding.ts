import type {
  AuthEvidence,
  Basis,
  Boundary,
  Finding,
  FindingContext,
  FindingOf,
  GapEvidence,
  HeaderProblem,
  ItemRef,
  SchemaSource,
  ProtocolEvidence,
  RequestViolationEvidence,
  SemanticEvidence,
} from '../findings/index.js';

/**
 * The one sentence a person reads for a finding, in English: the only place findings become words.
 * Every report (console, JUnit, HTML, JSON's `message`) renders findings through it. The switch is
 * over `code` and each code's scenarios, so a new code or scenario without words fails the typecheck.
 */
export function describeFinding(finding: Finding): string {
  return withBasis(withContext(describeCode(finding), finding.context), finding.basis);
}

/** The sentence saying what a finding rests on: the spec, an RFC, a confirmed inference, or none that holds. */
export function describeBasis(basis: Basis): string {
  switch (basis.kind) {
    case 'spec':
      // Words quoted from the spec often end a sentence of their own: one full stop, not two.
      return `Basis: the spec at ${basis.pointer} says ${basis.says.replace(/[.!?]\s*$/, '')}.`;
    case 'rfc':
      return `Basis: ${basis.rfc} ${basis.section}: ${basis.requirement}.`;
    case 'confirmed':
      return `Basis: inferred (${basis.inference}), and this target confirmed it: ${basis.confirmedBy}.`;
    case 'unconfirmed':
      return `Advisory, not a failure: inferred (${basis.inference}), and this target has not confirmed it.`;
    case 'kit':
      return `A transport note, not a contract failure: ${basis.limit}.`;
  }
  return unreachable(basis);
}

function withBasis(sentence: string, basis: Basis | undefined): string {
  return basis === undefined ? sentence : `${sentence} ${describeBasis(basis)}`;
}

function describeProtocol(e: ProtocolEvidence): string {
  switch (e.rule) {
    case 'date-missing':
      return `${e.answers} of ${e.of} answers with status ${e.statuses.join(', ')} had no Date header; RFC 9110 §6.6.1: an origin server with a clock MUST send Date in every 2xx, 3xx and 4xx answer.`;
    case 'date-format':
      return `${e.answers} answers (status ${e.statuses.join(', ')}) said Date: ${e.date}, which is no IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"); RFC 9110 §5.6.7: a sender MUST generate HTTP dates as IMF-fixdate.`;
    case 'json-charset':
      return `A JSON answer is labelled ${e.contentType}: charset ${e.charset}, not UTF-8; RFC 8259 §8.1: JSON exchanged between systems MUST be encoded in UTF-8, and a client decoding it as ${e.charset} reads other characters.`;
    case 'charset-bytes':
      return `An answer labelled ${e.contentType} carries bytes that are not ${e.charset}; RFC 9110 §8.3.2: the charset names the encoding of the text (and RFC 8259 §8.1: JSON is UTF-8), so every client decoding it by its label reads other characters than were meant.`;
    case 'connection-close':
      return `The answer to a request with Connection: close says Connection: ${e.connection}; RFC 9112 §9.6: a server that receives "close" MUST close the connection after its answer.`;
    case 'head-length':
      return `The ${e.status} to HEAD says Content-Length: ${e.headLength}, but the same GET, just before and just after, declared Content-Length: ${e.getLength}; RFC 9110 §8.6: a HEAD answer MUST NOT send a Content-Length other than the one GET would send.`;
    case 'head-status':
      return `HEAD answered ${e.headStatus} where GET of the same URI, just before and just after, answered ${e.getStatus}; RFC 9110 §9.3.2: HEAD is GET without content, so it finds what GET finds.`;
    case 'etag-unchanged':
      return `${e.read} answered other content after ${e.writer} than before it, under the same strong ETag ${e.etag}; RFC 9110 §8.8.1: a strong validator changes whenever the representation data changes, so a client that revalidates with it keeps its stale copy.`;
    case 'not-modified-ignored':
      return `If-None-Match: ${e.etag}, the entity tag this GET had just answered with nothing changed since, got ${e.status} with the whole representation again, where the operation documents 304; RFC 9110 §13.1.2: an origin server MUST evaluate If-None-Match, and when no tag is current it does not perform the GET but answers 304 Not Modified.`;
    case 'created-not-201':
      return `A PUT to id ${e.id}, which ${e.read} had just answered 404 for, answered ${e.status}, and ${e.read} then served the item it made; RFC 9110 §9.3.4: a PUT that creates a resource MUST answer 201 (Created).`;
    case 'not-modified-without-etag':
      return `The 304 to If-None-Match: ${e.etag} carries no ETag, where the same GET's 200 had ETag: ${e.etag}; RFC 9110 §15.4.5: a 304 MUST carry the ETag a 200 to the same request would have, so the client can tell which copy is still current.`;
    case 'token-cacheable':
      return `The token endpoint handed out an access token (for an account made by ${e.signUp}) ${e.cacheControl === null ? 'with no Cache-Control' : `with Cache-Control: ${e.cacheControl}`}; RFC 6749 §5.1: a response containing tokens MUST carry Cache-Control: no-store${e.pragma === null ? ' (and Pragma: no-cache, also missing)' : ''}.`;
    case 'allow-incomplete':
      return `The 405 to ${e.listedBy} says Allow: ${e.allow}, but ${e.method}, which the spec documents on this path, then answered ${e.status} on the same resource; RFC 9110 §15.5.6: a 405's Allow MUST list the resource's currently supported methods.`;
    case 'allow-method-refused':
      return `The 405 to ${e.listedBy} says Allow: ${e.allow}, but ${e.method}, one of the methods it lists, then answered 405 itself; RFC 9110 §10.2.1: Allow lists the methods the resource supports.`;
  }
}

function describeCode(f: Finding): string {
  switch (f.code) {
    case 'server_error':
      switch (f.evidence.scenario) {
        case 'not-implemented':
          return `The server answered 501 Not Implemented to ${f.evidence.method}, a method the spec does not document here (RFC 9110 §15.6.2).`;
        case 'outside-contract':
          return `The server answered ${f.evidence.status} to ${f.evidence.request}, a request outside the operation (a note on robustness, not the contract).`;
        case 'documented':
          return `The server answered ${f.evidence.status}, a status the operation documents, with a body its schema takes (a note, not a contract failure).`;
        default: {
          const to = {
            valid: ' to a valid request',
            invalid: ' to an invalid request',
            auth: ' to a request whose credentials the kit varied',
            probe: ' to a protocol probe',
          };
          const fault = f.evidence.fault
            ? ` (${f.evidence.fault})`
            : f.evidence.edge
              ? ` at an edge of valid input (${f.evidence.edge})`
              : '';
          const documentedAs =
            f.evidence.documentedAs !== undefined
              ? `; the operation documents ${f.evidence.status} only as ${JSON.stringify(f.evidence.documentedAs)}, a fault of the server, not an answer to a request`
              : '';
          return `The server answered ${f.evidence.status}${f.evidence.input ? to[f.evidence.input] : ''}${fault}${documentedAs}.`;
        }
      }
    case 'transport_error':
      switch (f.evidence.scenario) {
        case 'run-stopped':
          return `The run stopped early: ${f.evidence.detail}.`;
        case 'coding-not-asked':
          return `The body came coded ${f.evidence.coding}, which the request's Accept-Encoding: ${f.evidence.acceptEncoding} did not allow; the kit decoded it (RFC 9110 §12.5.3 asks for the content uncoded with a SHOULD).`;
        default:
          return `No usable response: ${f.evidence.detail}.`;
      }
    case 'redirect':
      return `The server answered ${f.evidence.status}${f.evidence.location ? ` to ${f.evidence.location}` : ''}; no redirect is documented, and the kit does not follow it.`;
    case 'content_type': {
      const e = f.evidence;
      const type = (e.contentType ?? '').split(';')[0]!.trim();
      return `Content-Type is ${type ? JSON.stringify(e.contentType) : 'missing'}; ${f.operationId} documents ${e.documented.join(', ')} for ${e.status}.`;
    }
    case 'invalid_json':
      return `The ${f.evidence.status} body is not JSON; it must match ${schemaWords(f.evidence.status, f.evidence.schema, f.operationId)}.`;
    case 'undocumented_status':
      return `Got ${f.evidence.status}; ${f.operationId} documents ${successWords(f.evidence.successes)} for success.`;
    case 'schema_mismatch':
      return describeSchemaMismatch(f);
    case 'error_status_mismatch':
      return `The error body says status ${f.evidence.bodyStatus}, the HTTP status is ${f.evidence.httpStatus}.`;
    case 'auth_ignored':
      return describeAuthIgnored(f);
    case 'auth_wrong_status': {
      const e = f.evidence;
      const also = e.alsoInvalid === undefined ? '' : ` (the input was ${e.alsoInvalid}; the key is judged first)`;
      return `A request with ${e.credential} got ${e.status}; the contract says 401${also}.`;
    }
    case 'auth_rejected_valid': {
      const e = f.evidence;
      if (e.scenario === 'invalid-request')
        return `The valid key was refused with ${e.status} (on an invalid request: ${e.why}).`;
      return `The valid key${e.auth === 'valid' ? '' : ` (${e.credential})`} was refused with ${e.status}.`;
    }
    case 'auth_challenge_missing':
      return describeChallenge(f);
    case 'negative_accepted':
      return `Invalid input was accepted with ${f.evidence.status}: ${f.evidence.why}.`;
    case 'negative_wrong_status':
      return `Invalid input got ${f.evidence.status}; the contract documents 400 for it: ${f.evidence.why}.`;
    case 'positive_rejected':
      return describePositiveRejected(f);
    case 'semantic_violation':
      return describeSemantic(f.evidence, f.operationId);
    case 'contract_gap':
      return describeGap(f.evidence, f.operationId);
    case 'deprecation_headers': {
      const e = f.evidence;
      switch (e.scenario) {
        case 'sunset-not-http-date':
          return `Sunset: ${e.sunset} is not an HTTP-date (RFC 8594 §3: Sunset = HTTP-date, RFC 9110 §5.6.7)${e.xSunset ? `; the spec's removal date ${e.xSunset} is written ${e.xSunsetHttpDate}` : ''}.`;
        case 'sunset-other-day':
          return `Sunset says ${e.sunset}; the spec's removal date (x-sunset: ${e.xSunset}) is ${e.xSunsetHttpDate}.`;
        case 'missing':
          return `${f.operationId} is deprecated${e.xSunset ? ` (removal ${e.xSunset})` : ''} but the answer has no ${e.missing.join(' or ')} header.`;
      }
      return unreachable(e);
    }
    case 'allow_missing':
      return `The 405 to ${f.evidence.method} has no Allow header; RFC 9110 §15.5.6 says the server MUST list the methods the resource supports.`;
    case 'head_content':
      return `The ${f.evidence.status} to HEAD carried ${f.evidence.bytes} characters of content after its header block; RFC 9110 §9.3.2 and §6.4.1: a response to HEAD never includes content.`;
    case 'protocol_violation':
      return describeProtocol(f.evidence);
    case 'conditional_mismatch':
      return `If-None-Match: ${f.evidence.etag} got 304 Not Modified, but the representation changed since that ETag was sent (the same GET now answers other content); RFC 9110 §13.1.2 and §8.8.3: 304 only while the entity tag still matches the current representation.`;
    case 'location_mismatch': {
      const e = f.evidence;
      switch (e.scenario) {
        case 'not-found':
          return `The 201's Location ${e.location} does not identify the created resource: a GET of it with the same credential answered ${e.status} (RFC 9110 §15.3.2: Location identifies the resource the request created).`;
        case 'not-object':
          return `The 201's Location ${e.location} does not identify the created resource: a GET of it answered ${e.got === 'array' ? 'an array' : 'no JSON object'}, not the object the 201 returned.`;
        case 'other-resource': {
          const shown = Object.entries(e.differing)
            .slice(0, 3)
            .map(([k, v]) => `${k} ${JSON.stringify(v.located)} instead of ${JSON.stringify(v.created)}`);
          return `The 201's Location ${e.location} names another resource: a GET of it answered ${shown.join(', ')} (RFC 9110 §15.3.2: Location identifies the resource the request created).`;
        }
      }
      return unreachable(e);
    }
    case 'request_violation':
      return describeRequestViolation(f.evidence);
    case 'unknown_route':
      return f.evidence.reason === 'no-method'
        ? `${f.evidence.method} ${f.evidence.path}: the spec describes this path but not the method ${f.evidence.method}; the exchange was not judged.`
        : `${f.evidence.method} ${f.evidence.path}: no route of the spec matches this path; the exchange was not judged.`;
  }
  return unreachable(f);
}

function describeRequestViolation(e: RequestViolationEvidence): string {
  const at = e.pointer === '' ? '' : ` at ${e.pointer}`;
  const where =
    e.place === 'body'
      ? `The request body${at}`
      : e.place === 'content-type'
        ? 'The request Content-Type'
        : e.place === 'credential'
          ? 'The request credential'
          : `The ${e.place} parameter ${e.name ?? ''}${at}`;
  return `${where} is ${e.seen}; the spec says: ${e.wanted} (${e.keyword}).`;
}

/** Sentences the engine adds after a finding's own: the boundary it found, the members it narrowed to. */
function withContext(sentence: string, c: FindingContext | undefined): string {
  if (c === undefined) return sentence;
  let out = sentence;
  if (c.narrowed)
    out += ` Narrowed: the refusal goes when ${c.narrowed.members.map((m) => `/body/${m}`).join(' and ')} take ordinary values (${c.narrowed.reasons.join('; ')}).`;
  if (c.boundary) out += ` Boundary: ${describeBoundary(c.boundary)}.`;
  if (c.spelling) out += ` (The request was an ordinary one but for ${c.spelling}.)`;
  return out;
}

/** `fails for /body/name of 51 characters or more (12 tried); 50 passes`. */
export function describeBoundary(b: Boundary): string {
  const unit = b.unit ? ` ${b.unit}` : '';
  const of = b.unit ? `${b.label} of ` : `${b.label} = `;
  const r = b.range;
  switch (r.shape) {
    case 'between':
      return `fails for ${of}${r.low} to ${r.high}${unit}; ${r.lowPass} and ${r.highPass} pass${r.exact ? '' : ' (ends approximate)'}`;
    case 'at-least':
      return `fails for ${of}${r.low}${unit} or more (${r.tried} tried); ${r.lowPass} passes${r.exact ? '' : ' (approximate)'}`;
    case 'at-most':
      return `fails for ${of}${r.high}${unit} or less (${r.tried} tried); ${r.highPass} passes${r.exact ? '' : ' (approximate)'}`;
  }
  return unreachable(r);
}

function describeSchemaMismatch(f: FindingOf<'schema_mismatch'>): string {
  const e = f.evidence;
  switch (e.scenario) {
    case 'empty-body':
      return `The ${e.status} body is empty; it must match ${schemaWords(e.status, e.schema, f.operationId)}.`;
    case 'body':
      return `The ${e.status} body does not match ${schemaWords(e.status, e.schema, f.operationId)}: ${e.issues
        .slice(0, 3)
        .map((i) => i.message)
        .join('; ')}.`;
    case 'headers':
      return `The ${e.status} answer breaks the headers ${f.operationId} documents: ${e.problems.map(headerProblem).join('; ')}.`;
  }
  return unreachable(e);
}

function headerProblem(p: HeaderProblem): string {
  switch (p.problem) {
    case 'missing':
      return `the required header ${p.header} is missing`;
    case 'unreadable':
      return `${p.header}: ${p.detail}`;
    case 'invalid':
      return `${p.header}: ${JSON.stringify(p.value)} ${p.detail}`;
  }
  return unreachable(p);
}

function schemaWords(status: number, schema: SchemaSource, operationId: string): string {
  return schema.source === 'status'
    ? `the ${status} schema`
    : `the error schema (every error response ${operationId} documents (${schema.errorStatuses.join(', ')}) carries this one body)`;
}

function successWords(codes: readonly string[]): string {
  return codes.length > 0 ? codes.join(' or ') : 'no success status';
}

function describeAuthIgnored(f: FindingOf<'auth_ignored'>): string {
  const e = f.evidence;
  if (e.scenario === 'accepted')
    return `A request with ${e.credential} was accepted with ${e.status}; it must get 401.`;
  const p = e.probe;
  const where =
    p.path !== undefined
      ? `${e.method} ${p.path}${p.fromOrigin ? ' (from the origin)' : ''}, ${p.variant} of ${p.route},`
      : `${e.method} on the path of ${f.operationId}`;
  const basis = `${f.operationId} requires ${e.requires.length > 0 ? e.requires.join(' or ') : 'a credential'} (spec security)`;
  switch (e.outcome) {
    case 'not-modified':
      return `${where} with ${e.credential} got 304 Not Modified: the precondition was judged before the credential; ${basis}, so the answer must be 401.`;
    case 'route-data':
    case 'head':
    case 'write': {
      const what =
        e.outcome === 'write'
          ? 'a method that changes data'
          : e.outcome === 'head'
            ? 'HEAD, which answers like GET'
            : 'the route';
      return `${where} with ${e.credential} was answered ${e.status} (${what}); ${basis}, so it must be refused like the route itself.`;
    }
    case 'echo':
      return `${where} with ${e.credential} was answered ${e.status} with the request echoed, its Authorization header included; ${basis}.`;
    case 'content':
      return `${where} with ${e.credential} was answered ${e.status} with content (${e.contentLength} characters); ${basis}.`;
  }
  return unreachable(e.outcome);
}

function describeChallenge(f: FindingOf<'auth_challenge_missing'>): string {
  const e = f.evidence;
  const named = e.expected.join(' or ');
  const basis = `RFC 9110 §11.6.1 (MUST), and the spec's security scheme${e.schemes.length > 1 ? 's' : ''} ${e.schemes.join(', ')} of ${f.operationId}`;
  switch (e.scenario) {
    case 'absent':
      return e.expected.length === 0
        ? `The 401 has no WWW-Authenticate header; RFC 9110 §11.6.1 asks every 401 to carry a challenge (the spec declares no security scheme, so any applicable one).`
        : `The 401 has no WWW-Authenticate header; RFC 9110 §11.6.1 asks it to challenge ${named}.`;
    case 'foreign':
      return `The 401 carries WWW-Authenticate ${JSON.stringify(e.challenge)}, which does not challenge ${named}, the scheme the spec declares (${basis}).`;
    case 'inconsistent': {
      const variant = (auth: string, none: string) => (auth === 'none' ? none : `credential variant ${auth}`);
      return `This 401 (${variant(e.bareFor, 'no credential')}) has no WWW-Authenticate header, while the 401 to ${variant(e.challengedFor, 'a request without a credential')} challenges ${JSON.stringify(e.challenge)} (${basis}: every 401 carries a challenge).`;
    }
  }
  return unreachable(e);
}

function describePositiveRejected(f: FindingOf<'positive_rejected'>): string {
  const e = f.evidence;
  switch (e.scenario) {
    case 'refused':
      return e.judged
        ? `A valid request was refused with ${e.status}, a status that may judge the values of ${e.judged.join(', ')} against what the server holds; expected ${successWords(e.successes)}.`
        : `A valid request was refused with ${e.status}; expected ${successWords(e.successes)}.`;
    case 'existing-not-found':
      return `Got 404 for ${Object.entries(e.existing)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}, a resource the target itself listed or created.`;
    case 'bound-refused':
      return `${e.sent} was refused with ${e.status}, though ${e.member}'s ${e.keyword} ${e.bound} includes it; the same request with ${e.control} was accepted with ${e.acceptedStatus}.`;
    case 'member-order':
      return `A valid body of ${e.bodyBytes} bytes was refused with ${e.status}, while the same value with its members in another order was accepted with ${e.acceptedStatus}; JSON object members are unordered (RFC 8259 §4).`;
    case 'integer-spelling':
      return `A valid request with ${e.refused[0]} got ${e.status}, while ${e.accepted[0]} was accepted: every JSON decoder reads both as the same number, and JSON Schema counts it as an integer.`;
    case 'narrowed':
      return `A valid request was refused with ${e.status}, and not for the limit it touches (${e.edge ?? 'none'}): with every other member ordinary, ${e.causes.map((c) => `/body/${c.member} = ${c.value}`).join(', ')} alone is refused, a value the schema allows.`;
  }
  return unreachable(e);
}

function credential(e: AuthEvidence): string {
  return e.credential;
}

function describeGap(e: GapEvidence, operationId: string): string {
  switch (e.scenario) {
    case 'chunked-refused':
      return 'A chunked request body was refused with 411 Length Required.';
    case 'head-unsupported':
      return `HEAD of a URI that GET answered ${e.getStatus} got ${e.status}: RFC 9110 §9.1 asks general-purpose servers to support HEAD; the contract does not say whether this API is one.`;
    case 'auth-rate-limited':
      return `A request with ${credential(e)} got 429 before its key was judged.`;
    case 'auth-precedence':
      return `A request with ${credential(e)} and ${e.input} got ${e.status}: the malformed request was refused before the key was judged.`;
    case 'auth-status-undocumented':
      return `A request with ${credential(e)} got ${e.status}; ${operationId} documents no 401.`;
    case 'auth-forbidden':
      return `A request with ${credential(e)} got 403: RFC 9110 §15.5.4 allows 403 for credentials judged insufficient, and ${operationId}'s 401 does not say which credentials get it.`;
    case 'auth-malformed-400':
      return `A request with ${credential(e)} got 400: a malformed Authorization header, which RFC 6750 §3.1 lets a server refuse as invalid_request; the contract names 401.`;
    case 'invalid-accepted':
      return `Input the schema forbids was accepted with ${e.status}: ${e.why}.`;
    case 'malformed-forbidden':
      return `A malformed request with the valid key got 403: ${e.why}.`;
    case 'invalid-status-undocumented':
      return e.documents400
        ? `Invalid input got ${e.status}, which the contract does not document for ${operationId}: ${e.why}.`
        : `Invalid input got ${e.status}, which ${operationId} does not document: ${e.why}.`;
    case 'not-found-undocumented':
      return e.says === undefined
        ? `A path naming no resource got ${e.status}, which ${operationId} does not document.`
        : `A path naming no resource got ${e.status}, which ${operationId} does not document, saying ${JSON.stringify(e.says)}: the target's answer to an id that names nothing.`;
    case 'success-undocumented':
      return `Got ${e.status}; ${operationId} documents no success status at all, so the contract does not say which one.`;
    case 'edge-refused':
      return `A valid request was refused with ${e.status}; the contract does not show the limit it hit: ${e.edge}.`;
    case 'limit-status':
      return `A valid request was refused with ${e.status}, a limit the contract does not show.`;
    case 'structured-json':
      return `Content-Type is ${e.contentType}; the spec names ${e.documented.join(', ')}.`;
    case 'no-valid-value':
      return `The kit could not generate a valid value for ${e.member} of ${operationId} (${e.why}); no request was sent as valid in its place, so this member is not tested.`;
    case 'deprecation-unmarked':
      return `${operationId} answers Deprecation: ${e.deprecation}${e.sunset ? ` and Sunset: ${e.sunset}` : ''}, but the spec does not mark it deprecated (RFC 9745 §2: the header says the resource is deprecated).`;
    case 'rate-limited':
      return `The target asked the kit to slow down (429, or 503 with Retry-After): ${e.retries} request(s) sent again after ${(e.pausedMs / 1000).toFixed(1)} s of pauses in all. Rate limits are not in the contract; --rate sets the pace up front.`;
    case 'surrogate-replaced':
      return `The unpaired surrogate sent in ${e.member} came back as U+FFFD.`;
    case 'double-rounded':
      return `${e.member} ${e.sent} came back as ${e.received}: rounded to a double.`;
    case 'default-status':
      return `An item created without ${e.member} came back with ${e.member} ${JSON.stringify(e.defaultStatus)}.`;
    case 'own-page-size':
      return `limit=${e.limit} returned ${e.returned} of ${e.available} items and a Link to the next page: the server pages by its own size.`;
    case 'category-values':
      return `The server refuses a ${e.member} that no listed item has (${e.refused} → 400) and accepts one that an item has (${e.accepted} → 201): it checks that the value names something it holds, which the contract does not show. Valid bodies were sent with the ${e.knownCategories} ${e.member} value(s) seen in the list.`;
    case 'cached':
      return `${describeSemantic(e.violation, operationId)} The answer came from a cache (Age: ${e.age}).`;
  }
  return unreachable(e);
}

function item(i: ItemRef): string {
  return `${i.parameter}=${i.id}`;
}

function because(i: ItemRef): string {
  return `created by ${i.createdBy}, its id in ${i.idMember ? `the member "${i.idMember}"` : 'Location'} (${i.inference})`;
}

function describeSemantic(e: SemanticEvidence, operationId: string): string {
  switch (e.rule) {
    case 'limit':
      return e.defaulted
        ? `Without a limit the list has ${e.returned} items; the default limit is ${e.limit}.`
        : `limit=${e.limit} returned ${e.returned} items.`;
    case 'short-page':
      return `limit=${e.limit}${e.status ? `&status=${e.status}` : ''} returned ${e.returned} items while ${e.available} are available (expected ${e.expected}).`;
    case 'short-default-page':
      return `Without a limit the list has ${e.returned} items while ${e.available} are available; the default limit is ${e.defaultLimit}.`;
    case 'filter': {
      const first = e.mismatched[0];
      return `status=${String(e.filter)} returned ${e.offending} of ${e.total} items with another status (e.g. id ${String(first?.id)} with status ${JSON.stringify(first?.status ?? null)}).`;
    }
    case 'duplicate-ids':
      return `The list repeats id ${e.duplicates[0]}${e.duplicates.length > 1 ? ` and ${e.duplicates.length - 1} more` : ''}; ids are unique.`;
    case 'id-reused':
      switch (e.seenIn) {
        case 'earlier-answer':
          return `A new item got id ${e.id}, which an earlier answer already showed for another item.`;
        case 'earlier-list':
          return `A new item got id ${e.id}, which an item listed before it already had.`;
        case 'same-run':
          return `Two created items got the same id ${e.id}.`;
      }
      return unreachable(e.seenIn);
    case 'id-concurrent':
      return `Two items created at the same time got the same id ${e.id} ("${e.names[0]}" and "${e.names[1]}").`;
    case 'echo':
      return `${operationId} answered ${e.member} as ${JSON.stringify(e.received ?? null)}; ${JSON.stringify(e.sent)} was sent.`;
    case 'identity':
      return e.inference
        ? `${operationId} for ${e.parameter}=${e.requested} answered the item with id ${e.received}. (${e.inference})`
        : `GET for id ${e.requested} answered the item with id ${e.received}.`;
    case 'read-status':
      return `Item ${e.id}, ${e.origin}, got ${e.status} from ${operationId}.`;
    case 'read-differs':
      return `${operationId} ${e.id} answered ${e.difference}.`;
    case 'list-differs':
      return `The list shows item ${e.id} with ${e.difference}.`;
    case 'list-missing':
      return `Item ${e.id}, created earlier, is missing from a list of ${e.items} items${e.status ? ` filtered on status=${e.status}` : ''}.`;
    case 'not-found':
      return `getPet for an id nobody created (${e.id}) got ${e.status}; the contract says 404.`;
    case 'concurrent-name':
      return `Item ${e.id}, created as "${e.sent}" alongside others, is stored as ${JSON.stringify(e.stored)}.`;
    case 'stored-whole': {
      const described =
        e.readLength !== null
          ? `${e.readLength} characters${e.readPrefix ? ', a prefix of it' : ''}`
          : JSON.stringify(e.read);
      return `A body of ${e.bodyBytes} bytes was accepted with ${e.status}, but reading the resource back shows "${e.member}" as ${described}, not the ${e.sentLength} characters sent.`;
    }
    case 'total':
      return e.complete
        ? `The list${e.query ? ` asked with ${e.query}` : ''} answered all ${e.items} matching items on one page, yet its ${e.member} says ${e.total}. (Inferred: ${e.inference})`
        : `The list${e.query ? ` asked with ${e.query}` : ''} answered ${e.items} items, yet its ${e.member} says only ${e.total} match. (Inferred: ${e.inference})`;
    case 'offset-past-total':
      return `The list asked with ${e.query} skips ${e.offset} items (${e.parameter}), past all ${e.total} that match by its ${e.member}, yet it answered ${e.items} item${e.items === 1 ? '' : 's'}: an offset beyond the matches leaves none. (Inferred: ${e.inference})`;
    case 'page-size':
      return `The list has ${e.items} items; ${e.asked ? `${e.parameter}=${e.cap} was asked` : `the default ${e.parameter} is ${e.cap}`}. (Inferred: ${e.inference})`;
    case 'inferred-filter': {
      const other =
        e.match === 'contains-any'
          ? `whose ${e.member} holds none of these values`
          : e.match === 'one-of'
            ? `whose ${e.member} is none of these values`
            : e.match === 'at-least'
              ? `whose ${e.member} is below it`
              : e.match === 'at-most'
                ? `whose ${e.member} is above it`
                : `whose ${e.member} is another value`;
      return `${e.parameter}=${e.wanted} returned ${e.offending} of ${e.items} items ${other} (e.g. ${JSON.stringify(e.example ?? null)}). (Inferred: ${e.inference})`;
    }
    case 'read-other-item':
      return `${e.read} of ${e.parameter}=${e.asked}, an id the target itself handed out, answered the item whose ${e.member} is ${e.answered}: a read by id answers the item it names (id inferred: ${e.inference}).`;
    case 'filter-misses':
      if (e.anyCase)
        return `${e.list} filtered by ${e.parameter} = ${e.wanted}, the ${e.member} of the item ${e.idParameter}=${e.id} in other letter case, returned ${e.items} items, a complete list, without it: the words say the comparison ignores case.`;
      if (e.inclusiveBound)
        return `${e.list} filtered by ${e.parameter} = ${e.wanted}, the ${e.member} of the item ${e.idParameter}=${e.id}, returned ${e.items} items, a complete list, without it: an inclusive ${e.inclusiveBound === 'lower' ? 'least' : 'greatest'} bound keeps an item exactly at it.`;
      return `${e.list} filtered by ${e.parameter} = ${e.wanted}, exactly the values the item ${e.idParameter}=${e.id} carries in ${e.member}, returned ${e.items} items, a complete list, without it; listed unfiltered just before, it matches whether the filter keeps items with any, every or exactly these values (inferred: ${e.inference}).`;
    case 'id-twice':
      return e.shownBy
        ? `${operationId} handed out ${e.parameter}=${e.id}, which an earlier answer of ${e.shownBy} already showed for another item. (${e.inference})`
        : `${operationId} handed out ${e.parameter}=${e.id} twice. (${e.inference})`;
    case 'read-back':
      return `${e.read} does not return what ${e.writer} sent for ${item(e.item)}. (Item ${because(e.item)}.)`;
    case 'merge-patch':
      return `${e.writer} sent ${e.member}: null in a merge patch, which removes the member (RFC 7396); ${e.read} still shows it. (Item ${because(e.item)}.)`;
    case 'replace':
      return `${e.writer} replaced ${item(e.item)} without ${e.kept.join(', ')}, yet ${e.read} still shows the earlier value: the representation was merged, not replaced (RFC 9110 §9.3.4). (Item ${because(e.item)}.)`;
    case 'precondition':
      if (e.kind === 'stale-status')
        return `${e.writer} was sent ${e.header}: ${e.sent}, an entity tag ${item(e.item)} no longer had (now ${e.current}), and answered ${e.status}, while the same write with ${e.header}: ${e.current} was performed: only the condition differed, and RFC 9110 §13.1.1 answers a false If-Match with 412 (Precondition Failed). (Item ${because(e.item)}.)`;
      return e.kind === 'stale-performed'
        ? `${e.writer} was sent ${e.header}: ${e.sent}, an entity tag ${item(e.item)} no longer had (now ${e.current}), answered ${e.status} and performed the write${e.read ? `: ${e.read} shows it` : ''} (RFC 9110 §13.1.1: a server MUST NOT perform the method when If-Match is false). (Item ${because(e.item)}.)`
        : `${e.writer} was sent ${e.header}: ${e.sent}, which holds ${item(e.item)}'s current entity tag ${e.current}, and refused it with 412: the condition is true (RFC 9110 §13.1.1). (Item ${because(e.item)}.)`;
    case 'scope':
      return `${e.read} answers ${item(e.item)}, created under ${e.scope}=${e.created}, under ${e.scope}=${e.other} too. (Item ${because(e.item)}.)`;
    case 'list-scope':
      return `The list under ${e.scope}=${e.asked} shows ${e.offending} of its ${e.items} items with ${e.scope} ${e.other}: an item of another parent.`;
    case 'range-filter':
      return `${e.parameter}=${e.asked} listed ${e.offending} of ${e.items} items with ${e.member} ${e.bound === 'lower' ? 'below' : 'above'} that bound (e.g. ${e.value}).`;
    case 'list-order':
      return `The list${e.query ? ` (${e.query})` : ''} is not in ${e.member} ${e.direction} order: item ${e.position} of ${e.items} has ${e.member} ${e.value}, after ${e.previous}.`;
    case 'list-shows-created':
      return e.pages === undefined
        ? `${e.list} returned ${e.items} items, a complete list, without ${item(e.item)}. (Item ${because(e.item)}.)`
        : `${e.list} returned ${e.items} items over ${e.pages} pages, walked to the list's end (an empty page or no next page named), without ${item(e.item)}. (Item ${because(e.item)}.)`;
    case 'not-found-kept':
      return `${e.read} answered ${e.before} for ${item(e.item)} before the id was handed out, and still answers ${e.status} after ${e.item.createdBy} created it: a "not found" outlived the creation (read after write; RFC 9110 §9.3.1: GET transfers the current representation). (Item ${because(e.item)}.)`;
    case 'unfiltered-hides':
      return `${e.list} without ${e.parameter} returned ${e.items} items, a complete list, without ${item(e.item)}, created ${e.value === undefined ? `without ${e.member}` : `with ${e.member}=${e.value}`}: a list left unfiltered holds items of every ${e.member}, and those without one (filter inferred: ${e.inference}). (Item ${because(e.item)}.)`;
    case 'page-repeats':
      return `${e.list} answered the same item (id ${e.id}) at ${e.parameter}=${e.first} and at ${e.parameter}=${e.second}, pages of one item while more are stored: ${e.parameter} is ignored (inferred: ${e.inference}).`;
    case 'action-kept':
      return `${e.action} answered ${item(e.item)} with ${e.member} ${e.answered} (it was ${e.before}), but ${e.read} right after still shows ${e.member} ${e.before}: the action's change was answered, not kept. (Item ${because(e.item)}.)`;
    case 'state-refused':
      return `${e.action} answered ${e.status} for ${item(e.item)} in ${e.member} ${JSON.stringify(e.state)}, ${e.path.length === 0 ? 'as a new item has it' : `reached by ${e.path.join(' then ')} on a new item`} and read back so, where the operation's words answer that state 409. (Item ${because(e.item)}.)`;
    case 'stated-order':
      return `Sent ${e.low}=${e.lowValue} past ${e.high}=${e.highValue}, an order the operation's words refuse with 400, and got ${e.status}.`;
    case 'page-skips':
      return `${e.list} at ${e.parameter}=${e.second}, the page after a page of one item, ${e.found === undefined ? 'was empty' : `started with item ${e.found}`}, not with item ${e.expected}, which follows the first item in a page of two: a page boundary skips an item (inferred: ${e.inference}).`;
    case 'delete':
      return `${e.read} still answers ${e.status} for ${item(e.item)} after ${e.remove} answered ${e.removeStatus}.`;
    case 'written-after-delete':
      return `${e.write} of ${item(e.item)}, which ${e.remove} had deleted (${e.read} then answered 404), answered ${e.status}, yet ${e.read} still answers 404 after it: it wrote to nothing, where the operation documents 404 for an item that is not found.`;
    case 'gone-refused':
      return `${e.operation} answered ${e.status} for ${item(e.item)} once ${e.remove} had deleted it (${e.removeStatus}), where the same request had answered ${e.before} before: its form is one the target takes, and the operation documents 404, not ${e.status}, for an item that is not found.`;
    case 'deleted-again':
      return `${e.remove} of ${item(e.item)}, which it had just deleted (${e.read} then answered 404), answered ${e.status}, where the operation documents 404 for an item that is not found.`;
  }
  return unreachable(e);
}

/**
 * Fails the typecheck when a switch above misses a member of the union. At run time (a report file
 * of another version, read back to be merged) the evidence is shown as it is rather than lost.
 */
function unreachable(value: never): string {
  return `(no words for ${JSON.stringify(value)})`;
}
