import { encodeSegment } from '../json/index.js';
import type {
  CompiledSchema,
  DeprecationModel,
  EncodingModel,
  HeaderModel,
  LinkModel,
  MediaTypeModel,
  SchemaDirection,
  HttpMethod,
  JsonSchema,
  OperationModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
} from '../model.js';
import { operationSecurity, schemesOf, type SecurityScheme } from '../security/index.js';

const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Obj = Record<string, unknown>;
type Compile = (schema: JsonSchema, direction?: SchemaDirection) => CompiledSchema;

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Turns the dereferenced document's paths into operation models, in document order. */
export function buildOperations(document: Obj, compile: Compile): OperationModel[] {
  const paths = (document.paths ?? {}) as Record<string, Obj>;
  const schemes = schemesOf(document);
  const operations: OperationModel[] = [];
  const taken = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    if (typeof item !== 'object' || item === null) continue;
    const shared = (item.parameters ?? []) as Obj[];
    for (const method of METHODS) {
      const op = item[method] as Obj | undefined;
      if (!op || typeof op !== 'object') continue;
      const operation = buildOperation(document, path, method, op, shared, schemes, compile);
      // operationIds must be unique (OpenAPI says so, and ids key everything here); a repeated one
      // keeps the first operation's id and the others get their method and path appended.
      const id = taken.has(operation.operationId)
        ? `${operation.operationId} (${method} ${path})`
        : operation.operationId;
      taken.add(id);
      operations.push(id === operation.operationId ? operation : { ...operation, operationId: id });
    }
  }
  return operations;
}

function buildOperation(
  document: Obj,
  path: string,
  method: HttpMethod,
  op: Obj,
  shared: Obj[],
  schemes: ReadonlyMap<string, SecurityScheme>,
  compile: Compile,
): OperationModel {
  const operationId = typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`;
  const own = (op.parameters ?? []) as Obj[];
  // Operation-level parameters override path-level ones with the same name and location.
  const merged = new Map<string, [Obj, string]>();
  const pathPointer = `/paths/${encodeSegment(path)}`;
  for (const [i, p] of shared.entries())
    merged.set(`${String(p.in)}:${String(p.name)}`, [p, `${pathPointer}/parameters/${i}`]);
  for (const [i, p] of own.entries())
    merged.set(`${String(p.in)}:${String(p.name)}`, [p, `${pathPointer}/${method}/parameters/${i}`]);
  // The one template variable no parameter declares and the one path parameter the template leaves
  // out are one parameter under two names (`/user/{id}` declaring `userId`, held-out set 121): it
  // is read under the template's name, with its schema, so the operation can be sent at all.
  const paired = pairedPathParameter(
    path,
    [...merged.values()].filter(([p]) => p.in === 'path').map(([p]) => String(p.name)),
  );
  if (paired) {
    const [p, pointer] = merged.get(`path:${paired.declared}`)!;
    merged.delete(`path:${paired.declared}`);
    merged.set(`path:${paired.variable}`, [{ ...p, name: paired.variable }, pointer]);
  }
  // A template variable no parameter declares (OpenAPI: each "MUST correspond to a path parameter"):
  // taken as a required string, so that no request leaves its segment empty and lands on another
  // route (`/users/{userId}` sent as `/users/`, the collection).
  for (const name of templateVariables(path))
    if (!merged.has(`path:${name}`))
      merged.set(`path:${name}`, [
        { name, in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
        `${pathPointer}/${method}`,
      ]);
  const parameters: ParameterModel[] = [...merged.values()]
    .filter(([p]) => isModelled(p))
    .map(([p, pointer]) => buildParameter(p, pointer, compile));
  const responses: Record<string, ResponseModel> = {};
  for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Obj>)) {
    if (typeof response !== 'object' || response === null) continue;
    // `2xx` and `2XX` mean the same range; `default` is written in lower case.
    const key = status.toLowerCase() === 'default' ? 'default' : status.toUpperCase();
    responses[key] = buildResponse(key, response, compile);
  }
  const security = operationSecurity(document, op, schemes);
  const matcher = pathMatcher(path);
  const model: OperationModel = {
    operationId,
    pointer: `/paths/${encodeSegment(path)}/${method}`,
    tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
    method,
    path,
    ...(typeof op.summary === 'string' ? { summary: op.summary } : {}),
    ...(typeof op.description === 'string' ? { description: op.description } : {}),
    parameters,
    ...(op.requestBody ? { requestBody: buildRequestBody(op.requestBody as Obj, compile) } : {}),
    responses,
    security,
    ...(op.deprecated === true ? { deprecation: deprecationOf(op) } : {}),
    ...tokenEndpoint(path, method, schemes),
    matchPath: matcher,
    responseFor(status: number) {
      return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    },
  };
  return model;
}

/**
 * The OAuth2 scheme whose flow's `tokenUrl` is this POST's path: the URL's path (a relative one
 * resolved against nothing, an absolute one's own) ends with the operation's path, so a base path
 * of the server in front of it still matches.
 */
function tokenEndpoint(
  path: string,
  method: HttpMethod,
  schemes: ReadonlyMap<string, SecurityScheme>,
): { tokenEndpointOf?: string } {
  if (method !== 'post' || path.includes('{')) return {};
  for (const scheme of schemes.values()) {
    if (scheme.kind !== 'oauth2') continue;
    for (const url of scheme.tokenUrls ?? []) {
      let pathname: string;
      try {
        pathname = new URL(url, 'http://relative.invalid').pathname;
      } catch {
        continue;
      }
      if (pathname.replace(/\/+$/, '').endsWith(path.replace(/\/+$/, '')) && path !== '/')
        return { tokenEndpointOf: scheme.name };
    }
  }
  return {};
}

const IN = new Set(['path', 'query', 'header', 'cookie']);
/** OpenAPI: header parameters with these names "SHALL be ignored" (media types and auth say them). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function isModelled(p: Obj): boolean {
  if (typeof p !== 'object' || p === null || typeof p.name !== 'string' || !IN.has(String(p.in))) return false;
  return !(p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase()));
}

/** The variable names of a path template, in order (`/users/{userId}/orders/{orderId}`). */
function templateVariables(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
}

/**
 * The template variable and the declared path parameter that are one parameter misnamed: the only
 * variable no declared path parameter names, and the only declared path parameter the template
 * does not name. Undefined when either is not alone (or absent).
 */
function pairedPathParameter(
  path: string,
  declared: readonly string[],
): { readonly variable: string; readonly declared: string } | undefined {
  const variables = templateVariables(path);
  const unnamed = variables.filter((v) => !declared.includes(v));
  const unplaced = [...new Set(declared)].filter((d) => !variables.includes(d));
  return unnamed.length === 1 && unplaced.length === 1 ? { variable: unnamed[0]!, declared: unplaced[0]! } : undefined;
}

/** An implied path parameter: one a template variable needs and no `parameters` entry declares. */
export function undeclaredPathParameters(document: Obj): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Obj>)) {
    if (typeof item !== 'object' || item === null) continue;
    const shared = ((item.parameters ?? []) as Obj[]).filter((p) => p?.in === 'path').map((p) => String(p.name));
    for (const method of METHODS) {
      const op = item[method] as Obj | undefined;
      if (!op || typeof op !== 'object') continue;
      const own = ((op.parameters ?? []) as Obj[]).filter((p) => p?.in === 'path').map((p) => String(p.name));
      const paired = pairedPathParameter(path, [...shared, ...own]);
      if (paired) {
        out.push(
          `/paths/${encodeSegment(path)}/${method}: the path template's {${paired.variable}} has no path parameter and the path parameter ${paired.declared} is not in the template; ${paired.declared} is read as {${paired.variable}}`,
        );
        continue;
      }
      for (const name of templateVariables(path))
        if (!shared.includes(name) && !own.includes(name))
          out.push(
            `/paths/${encodeSegment(path)}/${method}: the path template's {${name}} has no path parameter; taken as a required string`,
          );
    }
  }
  return out;
}

function buildParameter(p: Obj, pointer: string, compile: Compile): ParameterModel {
  const location = p.in as ParameterModel['in'];
  const content = (p.content ?? undefined) as Record<string, Obj> | undefined;
  const contentType = content ? Object.keys(content)[0] : undefined;
  const schema = (contentType ? content![contentType]!.schema : p.schema) ?? {};
  const style = (
    typeof p.style === 'string' ? p.style : location === 'query' || location === 'cookie' ? 'form' : 'simple'
  ) as ParameterModel['style'];
  return {
    name: String(p.name),
    pointer,
    in: location,
    // Path parameters are always required (OpenAPI: "this property is REQUIRED and its value MUST be true").
    required: p.required === true || location === 'path',
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
    ...(p.deprecated === true ? { deprecated: true } : {}),
    schema: compile(schema as JsonSchema, 'request'),
    examples: examplesOf(p),
    style,
    explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
    allowReserved: p.allowReserved === true,
    ...(contentType ? { contentType } : {}),
  };
}

function buildContent(
  content: Record<string, Obj>,
  compile: Compile,
  direction: SchemaDirection,
): Record<string, MediaTypeModel> {
  const out: Record<string, MediaTypeModel> = {};
  for (const [mediaType, media] of Object.entries(content)) {
    if (typeof media !== 'object' || media === null) continue;
    const encoding = media.encoding as Record<string, Obj> | undefined;
    out[mediaType] = {
      mediaType,
      ...(media.schema && typeof media.schema === 'object'
        ? { schema: compile(media.schema as JsonSchema, direction) }
        : {}),
      examples: namedExamples(media),
      ...(encoding
        ? { encoding: Object.fromEntries(Object.entries(encoding).map(([name, e]) => [name, encodingOf(e)])) }
        : {}),
    };
  }
  return out;
}

function encodingOf(e: Obj): EncodingModel {
  return {
    ...(typeof e.contentType === 'string' ? { contentType: e.contentType } : {}),
    ...(typeof e.style === 'string' ? { style: e.style } : {}),
    ...(typeof e.explode === 'boolean' ? { explode: e.explode } : {}),
    ...(typeof e.allowReserved === 'boolean' ? { allowReserved: e.allowReserved } : {}),
  };
}

/** The media type a client picks by default: JSON (or `+json`) when offered, else the first. */
function preferred(content: Record<string, MediaTypeModel>): MediaTypeModel | undefined {
  const types = Object.keys(content);
  const key = types.find((k) => JSON_MEDIA.test(k)) ?? types.find((k) => content[k]!.schema) ?? types[0];
  return key ? content[key] : undefined;
}

function buildRequestBody(body: Obj, compile: Compile): RequestBodyModel {
  const content = buildContent((body.content ?? {}) as Record<string, Obj>, compile, 'request');
  const media = preferred(content);
  return {
    required: body.required === true,
    mediaTypes: Object.keys(content),
    content,
    schema: media?.schema ?? compile({}, 'request'),
    ...(media ? { preferredMediaType: media.mediaType } : {}),
    examples: media?.examples ?? {},
  };
}

function buildResponse(status: string, response: Obj, compile: Compile): ResponseModel {
  const content = buildContent((response.content ?? {}) as Record<string, Obj>, compile, 'response');
  const media = preferred(content);
  const headers: Record<string, HeaderModel> = {};
  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Obj>)) {
    if (typeof header !== 'object' || header === null) continue;
    const headerContent = header.content as Record<string, Obj> | undefined;
    const schema = header.schema ?? (headerContent ? Object.values(headerContent)[0]?.schema : undefined);
    headers[name.toLowerCase()] = {
      name,
      required: header.required === true,
      ...(schema && typeof schema === 'object' ? { schema: compile(schema as JsonSchema, 'response') } : {}),
      ...(typeof header.description === 'string' ? { description: header.description } : {}),
    };
  }
  const links: LinkModel[] = Object.entries((response.links ?? {}) as Record<string, Obj>)
    .filter(([, link]) => typeof link === 'object' && link !== null)
    .map(([name, link]) => ({
      name,
      ...(typeof link.operationId === 'string' ? { operationId: link.operationId } : {}),
      ...(typeof link.operationRef === 'string' ? { operationRef: link.operationRef } : {}),
      parameters: (link.parameters ?? {}) as Record<string, unknown>,
      ...('requestBody' in link ? { requestBody: link.requestBody } : {}),
    }));
  return {
    status,
    description: String(response.description ?? ''),
    mediaTypes: Object.keys(content),
    content,
    ...(media?.schema ? { schema: media.schema } : {}),
    examples: media?.examples ?? {},
    headers,
    links,
  };
}

function namedExamples(media: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Obj>)) {
    if (typeof example === 'object' && example !== null && 'value' in example) out[name] = example.value;
  }
  if ('example' in media && Object.keys(out).length === 0) out.default = media.example;
  return out;
}

function examplesOf(parameter: Obj): unknown[] {
  const named = Object.values((parameter.examples ?? {}) as Record<string, Obj>)
    .filter((e) => typeof e === 'object' && e !== null && 'value' in e)
    .map((e) => e.value);
  return 'example' in parameter ? [parameter.example, ...named] : named;
}

function deprecationOf(op: Obj): DeprecationModel {
  const sunset = op['x-sunset'];
  const replaced = op['x-replaced-by'] as Obj | undefined;
  return {
    ...(typeof sunset === 'string' ? { sunset } : {}),
    ...(replaced
      ? {
          replacedBy: {
            operationId: String(replaced.operationId),
            method: String(replaced.method),
            path: String(replaced.path),
          },
        }
      : {}),
  };
}

function pathMatcher(template: string): (path: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('');
  const regex = new RegExp(`^${source}/?$`);
  return (path) => {
    const m = regex.exec(path);
    if (!m) return undefined;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = m[i + 1]!;
    });
    return params;
  };
}
