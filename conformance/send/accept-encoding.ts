/**
 * Whether a content coding is acceptable under an Accept-Encoding field value (RFC 9110 §12.5.3): a
 * coding listed with a qvalue above 0, or one not listed while `*` is, with a qvalue above 0. A
 * qvalue of 0 means "not acceptable" (§12.4.2), also where `*` would allow it; `x-gzip` is gzip
 * (§8.4.1.3). An empty field value allows no coding at all.
 */
export function codingAcceptable(acceptEncoding: string, coding: string): boolean {
  const canonical = (name: string) => (name === 'x-gzip' ? 'gzip' : name);
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    weights.set(canonical(name), Number.isNaN(weight) ? 1 : weight);
  }
  const own = weights.get(canonical(coding.toLowerCase()));
  if (own !== undefined) return own > 0;
  const any = weights.get('*');
  return any !== undefined && any > 0;
}
