import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from './envelope.js';
import type { RouteAccess } from './route-config.js';

const DOCS_PREFIX = '/api/docs';

/** Four tiles and the name, on the docs UI's dark top bar. */
const TESSERA_WORDMARK = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="36" viewBox="0 0 150 36">
<rect x="2" y="4" width="13" height="13" rx="2" fill="#f5b041"/><rect x="18" y="4" width="13" height="13" rx="2" fill="#48c9b0"/>
<rect x="2" y="20" width="13" height="13" rx="2" fill="#5dade2"/><rect x="18" y="20" width="13" height="13" rx="2" fill="#ec7063"/>
<text x="40" y="26" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff">Tessera</text>
</svg>`;

/**
 * The docs UI's own CSP, replacing the plugin's default: everything from this server, and neither
 * `upgrade-insecure-requests` (on a plain-http install, a LAN or a VPS without TLS, it sends the
 * UI's scripts to an https port nobody serves: a blank page) nor the third-party validator host.
 */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
};

/**
 * Generates the OpenAPI 3.1 document from the route schemas. Each operation carries the permission
 * it requires (`x-permission`) and its rate-limit group (`x-rate-limit-group`), read from the same
 * route config the access checks use, so the document cannot drift from the enforcement.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  // The docs UI's routes come from a third-party plugin; declare them public and site-independent here.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...(route.config ?? {}), permission: 'public', site: 'none', rateLimit: 'none' };
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: '0.1.0',
        description:
          'REST API of Tessera. Success bodies are `{ data, meta }`; errors are `{ message, errors }` with per-field messages on 422. ' +
          'Authenticate with `Authorization: Bearer <token>` (integrations) or the `tessera_session` cookie plus the `X-CSRF-Token` header on unsafe methods (admin app).',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token created from your profile.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'tessera_session',
            description: 'Admin session; unsafe methods also need the X-CSRF-Token header.',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const access = (route.config ?? {}) as Partial<RouteAccess>;
      const transformed: Record<string, unknown> = { ...(schema ?? {}) };
      if (url.startsWith(DOCS_PREFIX)) transformed.hide = true;
      const permission = access.permission ?? 'public';
      transformed['x-permission'] = permission;
      transformed['x-rate-limit-group'] = access.rateLimit ?? 'general';
      transformed.security = permission === 'public' ? [] : [{ bearerToken: [] }, { sessionCookie: [] }];
      if (!transformed.operationId) transformed.operationId = operationIdOf(route.method, url);
      for (const part of ['querystring', 'body'] as const)
        if (transformed[part]) transformed[part] = defaultsOptional(transformed[part]);
      transformed.response = withImpliedErrors(transformed, permission, access.rateLimit ?? 'general');
      return { schema: transformed as typeof schema, url };
    },
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    // No calls from the reader's browser to a third-party validator.
    validatorUrl: false,
    theme: { title: 'Tessera API' },
    logo: {
      type: 'image/svg+xml',
      content: Buffer.from(TESSERA_WORDMARK),
      href: DOCS_PREFIX,
      target: '_self',
    },
  });

  app.get(
    '/api/openapi.json',
    {
      config: { permission: 'public', site: 'none', rateLimit: 'none' },
      schema: { hide: true },
    },
    async () => app.swagger(),
  );
}

/**
 * Adds the error answers every route can give by construction (401/403 from the access checks, 429
 * from the limiter, 422 from schema validation) where the route did not document them itself.
 */
function withImpliedErrors(schema: Record<string, unknown>, permission: string, rateLimit: string): unknown {
  const response: Record<string, unknown> = { ...((schema.response as Record<string, unknown>) ?? {}) };
  const add = (status: number, description: string) => {
    if (!(status in response) && !(String(status) in response))
      response[status] = { ...errorBody, description };
  };
  if (permission !== 'public') {
    add(401, 'Missing, malformed, expired or revoked credentials');
    add(
      403,
      permission === 'authenticated' ? 'Missing or invalid CSRF token' : `Lacks the ${permission} permission`,
    );
  }
  if (schema.body || schema.querystring || schema.params)
    add(422, 'Validation failed; `errors` has a message per field');
  if (rateLimit !== 'none') add(429, 'Rate limit exceeded; see Retry-After');
  return response;
}

const { $id: _id, ...errorBody } = ErrorBody;

function operationIdOf(method: string | string[], url: string): string {
  const verb = (Array.isArray(method) ? method[0] : method)?.toLowerCase() ?? 'get';
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by_${part.slice(1)}` : part.replace(/[^a-zA-Z0-9]+/g, '_')));
  return [verb, ...words].join('_');
}

/**
 * The schema as a client sees it: a property with a default may be left out (validation fills it
 * in), so it is not required, though TypeBox lists it as required for the handler's type (page and
 * limit of every list, spec 4.3). Only the top level: nested objects are documented as written.
 */
function defaultsOptional(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { required, properties } = schema as { required?: unknown; properties?: Record<string, unknown> };
  if (!Array.isArray(required) || !properties) return schema;
  const stillRequired = required.filter((key) => {
    const property = properties[key];
    return !(typeof property === 'object' && property !== null && 'default' in property);
  });
  if (stillRequired.length === required.length) return schema;
  const copy: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  if (stillRequired.length > 0) copy.required = stillRequired;
  else delete copy.required;
  return copy;
}
