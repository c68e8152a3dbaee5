import type { App } from '../../core/http/app-type.js';

type JsonSchema = Record<string, unknown>;

/** A tool's input: a JSON Schema object, as MCP's `inputSchema` wants it. */
export interface ToolInputSchema {
  [key: string]: unknown;
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
}

/** Where each argument of a route-bound tool goes in the REST request. */
export interface RouteInput {
  readonly schema: ToolInputSchema;
  readonly pathNames: readonly string[];
  readonly queryNames: readonly string[];
  /** Body properties sit beside the parameters, unless one shares a parameter's name: then under `body`. */
  readonly body: 'none' | 'flat' | 'nested';
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-permission'?: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const documents = new WeakMap<App, OpenApiDocument>();

/**
 * The REST operation's documented schemas: the very TypeBox schemas its route validates with, as
 * the OpenAPI document publishes them. Reading them here is what keeps a tool's input the route's.
 */
function operationOf(app: App, method: string, path: string): { operation: Operation; doc: OpenApiDocument } {
  let doc = documents.get(app);
  if (!doc) {
    doc = app.swagger() as unknown as OpenApiDocument;
    documents.set(app, doc);
  }
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`MCP: no REST operation ${method} ${path} to bind a tool to`);
  return { operation, doc };
}

/** The permission the REST operation declares (`authenticated` when its service checks per item). */
export function declaredPermission(app: App, method: string, path: string): string {
  return operationOf(app, method, path).operation['x-permission'] ?? 'authenticated';
}

/**
 * The input of a tool bound to a REST operation: its path and query parameters and its JSON body's
 * properties in one object. `fixed` names arguments the tool sets itself (the content type of a
 * type's tools); `overrides` replaces a property's schema with a narrower one (a type's fields).
 */
export function routeInput(
  app: App,
  method: string,
  path: string,
  options: {
    fixed?: readonly string[];
    overrides?: Record<string, JsonSchema>;
    /** Only these body properties (a tool that does one thing of a broad update). */
    bodyKeys?: readonly string[];
  } = {},
): RouteInput {
  const { operation, doc } = operationOf(app, method, path);
  const fixed = new Set(options.fixed ?? []);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const pathNames: string[] = [];
  const queryNames: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (fixed.has(parameter.name) || (parameter.in !== 'path' && parameter.in !== 'query')) continue;
    (parameter.in === 'path' ? pathNames : queryNames).push(parameter.name);
    const schema = inline(parameter.schema ?? {}, doc);
    properties[parameter.name] = parameter.description
      ? { ...schema, description: parameter.description }
      : schema;
    // A parameter with a default (page, limit) is one the caller may leave out.
    if (parameter.required && schema.default === undefined) required.push(parameter.name);
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  let body: RouteInput['body'] = 'none';
  if (bodySchema) {
    const resolved = inline(bodySchema, doc);
    const keep = options.bodyKeys;
    const bodyProperties = Object.fromEntries(
      Object.entries((resolved.properties as Record<string, JsonSchema>) ?? {}).filter(
        ([key]) => !keep || keep.includes(key),
      ),
    );
    for (const [key, schema] of Object.entries(options.overrides ?? {}))
      if (key in bodyProperties) bodyProperties[key] = schema;
    const clash = Object.keys(bodyProperties).some((key) => key in properties);
    if (clash) {
      body = 'nested';
      properties.body = { ...resolved, properties: bodyProperties };
      required.push('body');
    } else {
      body = 'flat';
      Object.assign(properties, bodyProperties);
      required.push(
        ...((resolved.required as string[] | undefined) ?? []).filter((key) => key in bodyProperties),
      );
      if (keep) required.push(...keep.filter((key) => !required.includes(key)));
    }
  }
  return {
    schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    pathNames,
    queryNames,
    body,
  };
}

/** Splits a tool's arguments back into the REST request's path values, query and body. */
export function splitArguments(input: RouteInput, args: Record<string, unknown>) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const name of input.pathNames) path[name] = args[name];
  for (const name of input.queryNames) if (args[name] !== undefined) query[name] = args[name];
  let body: unknown;
  if (input.body === 'nested') body = args.body ?? {};
  else if (input.body === 'flat') {
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args))
      if (!input.pathNames.includes(key) && !input.queryNames.includes(key)) rest[key] = value;
    body = rest;
  }
  return { path, query, body };
}

const REF = '#/components/schemas/';

/** The schema with its references to the document's components copied in: a tool schema stands alone. */
function inline(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 20) return {};
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(REF)) {
    const target = doc.components?.schemas?.[ref.slice(REF.length)];
    return target ? inline(target, doc, depth + 1) : {};
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    if (Array.isArray(value))
      out[key] = value.map((item) => (isObject(item) ? inline(item, doc, depth + 1) : item));
    else out[key] = isObject(value) ? inline(value, doc, depth + 1) : value;
  }
  return out;
}

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
