import type { OperationModel } from '../spec/index.js';
import type { Answer } from './answer.js';

/**
 * A `Location` the mock wrote as a path (`/orgunits/1/projects/15`) made absolute when the status
 * documents the header as a URI (`format: uri`, which RFC 3986 makes absolute): the request's own
 * origin in front, from `url` when it is absolute (a browser's request), else `http://` and `host`.
 * Any other answer goes out as it is.
 */
export function absoluteLocation(
  operation: OperationModel,
  answer: Answer,
  url: string,
  host: string | undefined,
): Answer {
  const name = Object.keys(answer.headers ?? {}).find((h) => h.toLowerCase() === 'location');
  const location = name === undefined ? undefined : answer.headers![name];
  if (name === undefined || typeof location !== 'string' || !location.startsWith('/')) return answer;
  const format = operation.responseFor(answer.status)?.headers.location?.schema?.schema.format;
  if (format !== 'uri' && format !== 'url') return answer;
  const origin = URL.canParse(url) ? new URL(url).origin : host ? `http://${host}` : undefined;
  if (origin === undefined || !URL.canParse(`${origin}${location}`)) return answer;
  return { ...answer, headers: { ...answer.headers, [name]: `${origin}${location}` } };
}
