/** A server of the document, its variables replaced by their defaults. */
export interface ResolvedServer {
  readonly url: string;
  readonly description?: string;
  /** The URL with every `{variable}` replaced by its default. */
  readonly resolvedUrl: string;
}

/** The document's servers, variables resolved to their defaults (OpenAPI: "default ... MUST be provided"). */
export function resolveServers(document: Record<string, unknown>): ResolvedServer[] {
  const servers = Array.isArray(document.servers) ? (document.servers as Record<string, unknown>[]) : [];
  return servers
    .filter((s) => typeof s === 'object' && s !== null && typeof s.url === 'string')
    .map((s) => {
      const variables = (s.variables ?? {}) as Record<string, { default?: unknown }>;
      const url = s.url as string;
      const resolvedUrl = url.replace(/\{([^}]+)\}/g, (whole, name: string) =>
        variables[name]?.default !== undefined ? String(variables[name]!.default) : whole,
      );
      return { url, ...(typeof s.description === 'string' ? { description: s.description } : {}), resolvedUrl };
    });
}

/**
 * The path part of a server URL, without a trailing slash: `https://api.example.com/v1/` → `/v1`.
 * Relative URLs (`/v1`, `v1`) resolve against the document's host, so only their path counts.
 */
export function basePathOf(url: string): string {
  let pathname = '/';
  try {
    // A variable left without a default cannot be served literally: it stands as `var`.
    pathname = new URL(url.replace(/\{[^}]*\}/g, 'var'), 'http://placeholder.invalid/').pathname;
    pathname = decodeURI(pathname);
  } catch {
    // Keep what could be read.
  }
  return pathname.replace(/\/+$/, '');
}
