import type {
  CompiledSchema,
  DeprecationModel,
  HttpMethod,
  JsonSchema,
  OperationModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
  SecuritySchemeModel,
} from '../model.js';

const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Obj = Record<string, unknown>;
type Compile = (schema: JsonSchema) => CompiledSchema;

/** Turns the dereferenced document's paths into operation models, in document order. */
export function buildOperations(document: Obj, compile: Compile): OperationModel[] {
  const paths = (document.paths ?? {}) as Record<string, Obj>;
  const schemes = ((document.components as Obj | undefined)?.securitySchemes ?? {}) as Record<string, Obj>;
  const globalSecurity = (document.security ?? []) as Record<string, string[]>[];
  const operations: OperationModel[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters ?? []) as Obj[];
    for (const method of METHODS) {
      const op = item[method] as Obj | undefined;
      if (!op) continue;
      operations.push(buildOperation(path, method, op, shared, schemes, globalSecurity, compile));
    }
  }
  return operations;
}

function buildOperation(
  path: string,
  method: HttpMethod,
  op: Obj,
  shared: Obj[],
  schemes: Record<string, Obj>,
  globalSecurity: Record<string, string[]>[],
  compile: Compile,
): OperationModel {
  const operationId = typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`;
  const own = (op.parameters ?? []) as Obj[];
  // Operation-level parameters override path-level ones with the same name and location.
  const merged = new Map<string, Obj>();
  for (const p of [...shared, ...own]) merged.set(`${String(p.in)}:${String(p.name)}`, p);
  const parameters: ParameterModel[] = [...merged.values()].map((p) => ({
    name: String(p.name),
    in: p.in as ParameterModel['in'],
    required: p.required === true,
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
    schema: compile((p.schema ?? {}) as JsonSchema),
    examples: examplesOf(p),
  }));
  const responses: Record<string, ResponseModel> = {};
  for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Obj>)) {
    responses[status] = buildResponse(status, response, compile);
  }
  const security = ((op.security ?? globalSecurity) as Record<string, string[]>[]).map((alternative) =>
    Object.keys(alternative).map((name): SecuritySchemeModel => {
      const scheme = schemes[name] ?? {};
      return {
        name,
        type: String(scheme.type ?? 'unknown'),
        ...(typeof scheme.scheme === 'string' ? { scheme: scheme.scheme.toLowerCase() } : {}),
      };
    }),
  );
  const matcher = pathMatcher(path);
  const model: OperationModel = {
    operationId,
    method,
    path,
    ...(typeof op.summary === 'string' ? { summary: op.summary } : {}),
    parameters,
    ...(op.requestBody ? { requestBody: buildRequestBody(op.requestBody as Obj, compile) } : {}),
    responses,
    security,
    ...(op.deprecated === true ? { deprecation: deprecationOf(op) } : {}),
    matchPath: matcher,
    responseFor(status: number) {
      return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    },
  };
  return model;
}

function buildRequestBody(body: Obj, compile: Compile): RequestBodyModel {
  const content = (body.content ?? {}) as Record<string, Obj>;
  const [mediaType, media] = jsonMedia(content);
  return {
    required: body.required === true,
    mediaTypes: Object.keys(content),
    schema: compile(((media?.schema ?? {}) as JsonSchema)),
    examples: mediaType ? namedExamples(media!) : {},
  };
}

function buildResponse(status: string, response: Obj, compile: Compile): ResponseModel {
  const content = (response.content ?? {}) as Record<string, Obj>;
  const [, media] = jsonMedia(content);
  return {
    status,
    description: String(response.description ?? ''),
    mediaTypes: Object.keys(content),
    ...(media?.schema ? { schema: compile(media.schema as JsonSchema) } : {}),
    examples: media ? namedExamples(media) : {},
  };
}

function jsonMedia(content: Record<string, Obj>): [string | undefined, Obj | undefined] {
  const key = Object.keys(content).find((k) => /^application\/(.+\+)?json\b/i.test(k));
  return key ? [key, content[key]] : [undefined, undefined];
}

function namedExamples(media: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Obj>)) out[name] = example.value;
  if ('example' in media && Object.keys(out).length === 0) out.default = media.example;
  return out;
}

function examplesOf(parameter: Obj): unknown[] {
  const named = Object.values((parameter.examples ?? {}) as Record<string, Obj>).map((e) => e.value);
  return 'example' in parameter ? [parameter.example, ...named] : named;
}

function deprecationOf(op: Obj): DeprecationModel {
  const sunset = op['x-sunset'];
  const replaced = op['x-replaced-by'] as Obj | undefined;
  return {
    ...(typeof sunset === 'string' ? { sunset } : {}),
    ...(replaced
      ? { replacedBy: { operationId: String(replaced.operationId), method: String(replaced.method), path: String(replaced.path) } }
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
