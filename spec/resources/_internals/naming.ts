/** Lower-case with `_`, `-`, `.`, `[`, `]` and `$` removed: `per_page`, `perPage` and `page[size]` compare equal to their kin. */
export function normalised(name: string): string {
  return name.toLowerCase().replace(/[_\-.[\]$\s]/g, '');
}

/** Names of page-size parameters in the wild (normalised): `limit`, `per_page`, `pageSize`, `size`, `max_results`, `$top`, ... */
const PAGE_SIZE_NAMES = new Set([
  'limit',
  'perpage',
  'pagesize',
  'size',
  'maxresults',
  'max',
  'maxitems',
  'count',
  'top',
  'first',
  'take',
  'pagelimit',
  'numresults',
  'rows',
  'maxrecords',
  'resultsperpage',
  'itemsperpage',
]);

/** True when a query parameter is named like a page size. */
export function isPageSizeName(name: string): boolean {
  return PAGE_SIZE_NAMES.has(normalised(name));
}

const OFFSET_NAMES = new Set(['offset', 'skip', 'start', 'startindex', 'from']);
const PAGE_NAMES = new Set(['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex', 'p']);

/** Whether a query parameter is named like an item offset or a page number. */
export function pageKindOf(name: string): 'offset' | 'page' | undefined {
  const n = normalised(name);
  return OFFSET_NAMES.has(n) ? 'offset' : PAGE_NAMES.has(n) ? 'page' : undefined;
}

/** Names of cursor parameters in the wild (normalised): `cursor`, `after`, `page_token`, `continuation`, ... */
const CURSOR_NAMES = new Set([
  'cursor',
  'after',
  'before',
  'pagetoken',
  'nextpagetoken',
  'nexttoken',
  'continuation',
  'continuationtoken',
  'startingafter',
  'endingbefore',
  'marker',
  'pagecursor',
]);

/** Cursor parameters that move forward through a list (normalised): not `before`, `ending_before`. */
const FORWARD_CURSOR_NAMES = new Set([
  'cursor',
  'after',
  'pagetoken',
  'nextpagetoken',
  'nexttoken',
  'continuation',
  'continuationtoken',
  'pagecursor',
]);

/** Whether a query parameter takes the cursor of the next page. */
export function isForwardCursorName(name: string): boolean {
  return FORWARD_CURSOR_NAMES.has(normalised(name));
}

/** Members of a list answer that hold the next page's cursor or link (normalised). */
const NEXT_CURSOR_MEMBERS = [
  'nextcursor',
  'nextpagetoken',
  'nextpagecursor',
  'nexttoken',
  'continuationtoken',
  'continuation',
  'endcursor',
  'cursor',
  'next',
];

/** How well a member's name says it holds the next page's cursor: lower is better, undefined is not at all. */
export function nextCursorRank(name: string): number | undefined {
  const rank = NEXT_CURSOR_MEMBERS.indexOf(normalised(name));
  return rank < 0 ? undefined : rank;
}

/**
 * Whether a query parameter moves through a list (an offset, a page number or a cursor): a list
 * that takes one may hold less than every item, whatever its length.
 */
export function isPagingName(name: string): boolean {
  return pageKindOf(name) !== undefined || CURSOR_NAMES.has(normalised(name));
}

/** Names that order or shape a list rather than filter it. */
const NOT_FILTERS = new Set([
  'sort',
  'sortby',
  'order',
  'orderby',
  'direction',
  'fields',
  'expand',
  'include',
  'cursor',
  'after',
  'before',
  'pagetoken',
  'nextpagetoken',
  'q',
  'query',
  'search',
]);

/** Search terms: they narrow what a list holds, as filters do. */
const SEARCH_NAMES = new Set(['q', 'query', 'search']);

/**
 * Whether a query parameter narrows what a list or search holds (a filter or a search term), not
 * how it is paged, ordered or shaped.
 */
export function isNarrowingName(name: string): boolean {
  const n = normalised(name);
  return SEARCH_NAMES.has(n) || (!isPagingName(name) && !isPageSizeName(name) && !NOT_FILTERS.has(n));
}

/** True when a query parameter shapes or orders a list (never a filter). */
export function isShapingName(name: string): boolean {
  return NOT_FILTERS.has(normalised(name));
}

/** The member a filter parameter names: `status`, `filter[status]`, `filter.status`, `status_eq`. */
export function filterTargetOf(name: string): string {
  const bracket = /^filter\[([^\]]+)\]$/i.exec(name) ?? /^filter\.(.+)$/i.exec(name);
  if (bracket) return bracket[1]!;
  return name.replace(/(_eq|\[eq\])$/i, '');
}

/** English singular of a collection name, good enough to strip it from `petId` or `repo_name`. */
export function singular(name: string): string {
  if (/ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(name)) return name.slice(0, -2);
  if (/s$/i.test(name) && !/ss$/i.test(name)) return name.slice(0, -1);
  return name;
}

/**
 * Members that might fill an item path parameter, best first, each with why: the parameter's own
 * name, then what remains after the resource's name (`petId` → `id`, `repo_name` → `name`), then `id`.
 */
export function idMemberCandidates(parameter: string, collectionName: string): { member: string; why: string }[] {
  const out: { member: string; why: string }[] = [{ member: parameter, why: `a member is named like the parameter` }];
  const stem = normalised(singular(collectionName));
  const lower = parameter.toLowerCase();
  const stripped = lower.startsWith(stem) ? parameter.slice(stem.length).replace(/^[_\-.]/, '') : undefined;
  if (stripped) {
    const rest = stripped.charAt(0).toLowerCase() + stripped.slice(1);
    out.push({
      member: rest,
      why: `\`${rest}\` is what remains of \`${parameter}\` after the resource name \`${singular(collectionName)}\``,
    });
  }
  const suffix = /(?:^|[_\-.]|[a-z0-9])(id|uuid|key|slug|name|code|number)$/i.exec(parameter);
  if (suffix) out.push({ member: suffix[1]!.toLowerCase(), why: `\`${parameter}\` ends with \`${suffix[1]!}\`` });
  out.push({ member: 'id', why: `no member is named \`${parameter}\`; \`id\` is the conventional id member` });
  return out;
}

/** Path segments that end a session whatever the method: `POST /logout`, `GET /auth/sign-out`. */
const LOGOUT_SEGMENT = /^(?:log[-_]?(?:out|off)|sign[-_]?(?:out|off)|revoke)$/i;
/** Path segments whose DELETE ends a session or removes the principal: `DELETE /sessions`, `DELETE /users/me`. */
const SESSION_SEGMENT = /^(?:sessions?|(?:access[-_]?|refresh[-_]?)?tokens?|auth|login|me|self|account)$/i;
/** OperationIds that name a logout: `logout`, `signOut`, `users/log-out`. */
const LOGOUT_ID = /(?:^|[^a-z])(?:log|sign)[-_ ]?(?:out|off)(?![a-z])|^(?:log|sign)(?:Out|Off)/i;

/**
 * Whether an operation may end the session or the principal its credential stands for: a logout
 * (`POST /logout`, `DELETE /sessions`, an operationId `signOut`) or the deletion of the caller's own
 * account (`DELETE /users/me`). Read from its method, path and operationId; a guess a run uses to
 * order its work, never to judge an answer.
 */
export function mayEndSession(method: string, path: string, operationId = ''): boolean {
  const literal = path.split('/').filter((s) => s !== '' && !s.includes('{'));
  const last = literal.at(-1) ?? '';
  if (LOGOUT_SEGMENT.test(last) || LOGOUT_ID.test(operationId)) return true;
  return method.toLowerCase() === 'delete' && SESSION_SEGMENT.test(last);
}
