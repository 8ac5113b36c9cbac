/** The integer ids of a Pet or of a list of Pets, as exact text (lossless-json keeps ids beyond 2^53). */
export function idsIn(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (item !== null && typeof item === 'object' ? (item as Record<string, unknown>).id : undefined))
    .filter((id) => id !== undefined && id !== null && /^-?\d+$/.test(String(id)))
    .map(String);
}
