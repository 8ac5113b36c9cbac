import type { Attachment, AuthRequest } from './model.js';

/**
 * The request an attachment makes, as a verifier sees it: what the kit uses to ask "would a server
 * that accepts these credentials accept this?" without sending anything.
 */
export function toAuthRequest(attachment: Attachment): AuthRequest {
  const headers: Record<string, string> = {};
  for (const part of attachment.headers) {
    const name = part.name.toLowerCase();
    headers[name] = headers[name] === undefined ? part.value : `${headers[name]}, ${part.value}`;
  }
  if (attachment.cookies.length > 0) headers.cookie = attachment.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { headers, query: attachment.query.map((p) => [p.name, p.value] as const) };
}
