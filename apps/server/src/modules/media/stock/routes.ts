import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { Id } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { MediaSchema } from '../schemas.js';
import type { StockService } from './service.js';

const Provider = Type.Union([Type.Literal('unsplash'), Type.Literal('pexels')]);

const StockPhotoSchema = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  description: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  thumbnail_url: Type.String(),
  preview_url: Type.String(),
  photographer: Type.String(),
  profile_url: Type.String(),
  source_url: Type.String(),
  license: Type.String(),
});

/** /api/media/stock: search Unsplash and Pexels, import with credit. */
export function stockRoutes(app: App, runtime: Runtime, stock: StockService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'media');
  routes.get(
    '/api/media/stock/providers',
    {
      permission: 'media.upload',
      summary: 'The stock photo providers, and which have an API key in the media settings',
      description: 'Says whether a key is set, never the key: for those who may import but not see settings.',
      data: Type.Array(Type.Object({ name: Provider, label: Type.String(), configured: Type.Boolean() })),
    },
    (ctx) => stock.sources(ctx),
  );
  routes.list(
    '/api/media/stock/search',
    {
      permission: 'media.upload',
      summary: 'Search a stock photo provider (24 a page)',
      description:
        'The API key is the media setting unsplash_access_key or pexels_api_key; without it, 422 errors.provider.',
      querystring: Type.Object(
        {
          provider: Provider,
          q: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
          page: Type.Integer({ minimum: 1, maximum: 100, default: 1 }),
          limit: Type.Integer({ minimum: 24, maximum: 24, default: 24, description: 'Always 24' }),
        },
        { additionalProperties: false },
      ),
      data: StockPhotoSchema,
    },
    (ctx, { query }) => stock.search(ctx, query.provider, query.q, query.page),
  );
  routes.post(
    '/api/media/stock/import',
    {
      permission: 'media.upload',
      rateLimit: 'upload',
      summary: 'Import a stock photo into the library, with its credit',
      description:
        'Downloaded through the upload pipeline (type, size and pixel checks, WebP variants); the credit (photographer, profile, source page, provider, licence) is stored on the record. Private addresses are refused unless the media setting allow_private_sources is on.',
      body: Type.Object(
        {
          provider: Provider,
          id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
          folder_id: Type.Optional(Type.Union([Id(), Type.Null()])),
          alt_text: Type.Optional(Type.String({ maxLength: 1000 })),
        },
        { additionalProperties: false },
      ),
      data: MediaSchema,
      status: 201,
    },
    (ctx, { body }) => stock.import(ctx, body),
  );
}
