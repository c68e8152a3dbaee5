import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** A client of one Tessera site's API, every path, parameter and answer typed from its routes. */
export type TesseraClient = Client<paths>;

/**
 * A client of Tessera's REST API. Integrations pass a bearer token; the admin app sends the session
 * cookie and adds the CSRF header on unsafe requests (see its api.ts).
 *
 * @example
 *   const tessera = createTesseraClient({ baseUrl: 'https://example.com', token: process.env.TESSERA_TOKEN });
 *   const { data, error } = await tessera.GET('/api/posts', { params: { query: { limit: 10 } } });
 */
export function createTesseraClient(options: ClientOptions & { token?: string } = {}): TesseraClient {
  const { token, headers, ...rest } = options;
  return createClient<paths>({
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
  });
}
