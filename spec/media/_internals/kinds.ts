import type { MediaType } from '../media-type.js';

/** How a media type's body is handled. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** The handling for a (concrete) media type: JSON for `json` and `+json`, text for `text/*` and XML-ish types. */
export function kindOf(m: MediaType): BodyKind {
  if (m.subtype === 'json' || m.suffix === 'json') return 'json';
  if (m.essence === 'application/x-www-form-urlencoded') return 'form';
  if (m.essence === 'multipart/form-data') return 'multipart';
  if (
    m.type === 'text' ||
    m.subtype === 'xml' ||
    m.suffix === 'xml' ||
    m.subtype === 'javascript' ||
    m.subtype === 'yaml' ||
    m.suffix === 'yaml'
  )
    return 'text';
  return 'binary';
}
