/**
 * Every check the kit runs, by the name its findings and tallies carry, with what it verifies.
 *
 * This is the one list of checks: a finding's `check` is typed by it (a check that is not here does
 * not compile), `--only`/`--skip` accept its names, `--list-checks` prints it, and the JSON report's
 * schema enumerates it.
 */
export const CHECKS = {
  transport: 'every request gets a complete HTTP answer in time: no timeout, reset, oversized or malformed answer',
  server_error: 'no request, valid or not, gets a 5xx',
  positive: 'valid requests with a valid credential get a documented success status',
  negative: 'invalid requests (schema, type, bounds, missing or unknown members) get a documented 4xx',
  auth: 'missing, wrong, look-alike or misplaced credentials are refused with 401/403 and a challenge; public operations are not refused',
  robustness:
    'unusual input (malformed JSON, odd encodings, huge or empty bodies, raw bytes) gets a 4xx or a success, never a crash',
  status: 'every status is documented for its operation; no undocumented redirect',
  content_type: 'every answer has a declared media type, with a charset JSON allows',
  schema: "every body validates against its status's schema",
  error_status: 'an Error body names the HTTP status it came with',
  response_headers: 'documented response headers are present and valid',
  deprecation: 'deprecated operations say so (Deprecation, Sunset) and live ones do not',
  protocol:
    'HTTP itself: Date, Allow on 405, HEAD like GET, Connection: close honoured, conditional requests, Location',
  'semantics.limit': 'a page-size parameter caps the list, and its default applies',
  'semantics.page_size': 'a page-size parameter caps the list, and its default applies (inferred from the spec)',
  'semantics.paging': 'moving through pages neither skips nor repeats items',
  'semantics.filter': 'every item a filtered list shows matches the filter',
  'semantics.order': "a list is in the order the spec's words give it (`sorted by `startsAt` ascending`)",
  'semantics.total': "a list envelope's total counts the items the request matches (inferred from the spec)",
  'semantics.unique_ids': 'ids are handed out once: no two items share one, in a list or across creations',
  'semantics.echo': 'a creation answers with what was sent, plus server-filled members',
  'semantics.identity': 'a read answers the item the path names',
  'semantics.read_identity': 'any API: a read of an id the target handed out answers the item with that id',
  'semantics.read_back': 'a created item reads back as it was created',
  'semantics.list_shows_created': 'a created item appears in the list',
  'semantics.persistence': 'what was created stays: reads and lists agree with the writes before them',
  'semantics.replace': 'a replacement (PUT) is what reads show afterwards',
  'semantics.conditional':
    'a write whose If-Match the current entity tag fails is not performed; one it satisfies is not refused (RFC 9110 §13.1.1)',
  'semantics.state': 'an action is refused (409) in the states its words say it is refused in',
  'semantics.merge_patch': 'a merge patch changes what it names, removes what it sets to null, and nothing else',
  'semantics.scope': 'a nested item is not found under another parent',
  'semantics.delete': 'a deleted item reads as not found afterwards',
  'semantics.not_found': 'an id the target never handed out gets the documented not-found status',
  'semantics.concurrency': 'concurrent creations each get their own item',
  request:
    'live traffic (proxy): every request a client sends matches its operation: route, parameters, body, credential present, content type',
} as const satisfies Record<string, string>;

/** The name of one of the kit's checks (see {@link CHECKS}). */
export type CheckName = keyof typeof CHECKS;

/** Every check name, in report order. */
export const CHECK_NAMES = Object.keys(CHECKS) as readonly CheckName[];

/**
 * Whether `name` names a check, or a group of them: `semantics` stands for every `semantics.*` check.
 */
export function isCheckName(name: string): boolean {
  return Object.hasOwn(CHECKS, name) || CHECK_NAMES.some((check) => check.startsWith(`${name}.`));
}

/** Whether a check is kept by `--only`/`--skip` lists that may name it or its group. */
export function checkKept(check: CheckName, only: readonly string[], skip: readonly string[]): boolean {
  const names = [check, check.split('.')[0]!];
  const onlyChecks = only.filter(isCheckName);
  return (onlyChecks.length === 0 || names.some((n) => onlyChecks.includes(n))) && !names.some((n) => skip.includes(n));
}
