/** The segments of a path template: `/users/{userId}/repos` → `users`, `{userId}`, `repos`. */
export function segmentsOf(template: string): string[] {
  return template.split('/').filter((s) => s !== '');
}

/** The parameter a segment is made of, when it is exactly one `{name}`. */
export function parameterOf(segment: string | undefined): string | undefined {
  return segment === undefined ? undefined : /^\{([^{}]+)\}$/.exec(segment)?.[1];
}

/** A literal segment: no template expression and no custom-method suffix (`{id}:archive`, `items:batchGet`). */
export function isLiteral(segment: string | undefined): boolean {
  return segment !== undefined && !segment.includes('{') && !segment.includes(':');
}

/** The template with parameter names erased, so `/users/{id}/repos` and `/users/{userId}/repos` compare equal. */
export function shapeOf(template: string): string {
  return template.replace(/\{[^{}]+\}/g, '{}').replace(/\/+$/, '');
}

/** Path parameter names of a template, outermost first. */
export function parametersOf(template: string): string[] {
  return segmentsOf(template)
    .map(parameterOf)
    .filter((p): p is string => p !== undefined);
}

/** The template without its last segment. */
export function parentPathOf(template: string): string {
  const segments = segmentsOf(template);
  return `/${segments.slice(0, -1).join('/')}`;
}
