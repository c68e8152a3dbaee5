/** The slice of JSON Schema the route schemas use, as the OpenAPI document prints them. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the API, as a client reading the document sees it. */
export interface Operation {
  id: string;
  method: string;
  /** The OpenAPI path template, `/api/users/{id}`. */
  path: string;
  permission: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, or null when the operation takes no body. */
  body: JsonSchema | null;
  /** Content types a 2xx answer may carry besides JSON (the CSV export). */
  successTypes: string[];
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  operationId?: string;
  'x-permission'?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const parameter = (p: OpenApiParameter): Parameter => ({
        name: p.name,
        required: p.required ?? false,
        schema: p.schema ?? {},
      });
      const successTypes = Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, response]) => Object.keys(response.content ?? {}));
      operations.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        permission: operation['x-permission'] ?? 'public',
        pathParams: parameters.filter((p) => p.in === 'path').map(parameter),
        queryParams: parameters.filter((p) => p.in === 'query').map(parameter),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        successTypes,
      });
    }
  }
  return operations;
}
