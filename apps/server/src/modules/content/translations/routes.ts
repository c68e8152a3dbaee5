import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { EntrySchema } from '../entries/entry.js';
import { entryFamilies } from '../entries/routes.js';
import type { TranslationsService } from './service.js';

const Translation = Type.Object({
  id: Type.Integer(),
  locale: Type.String(),
  title: Type.String(),
  status: Type.String(),
  url_path: Type.String(),
});

/** Translations of pages, posts and custom entries. */
export function translationRoutes(app: App, runtime: Runtime, translations: TranslationsService): void {
  for (const family of entryFamilies) {
    const routes = siteRoutes(app, (request) => operationOf(runtime, request), family.tag);
    const idOf = (params: unknown) => (params as { id: number }).id;
    routes.get(
      `${family.base}/:id/translations`,
      {
        permission: 'authenticated',
        summary: 'The entries of its translation group, itself included',
        params: family.Params,
        data: Type.Array(Translation),
      },
      (ctx, { params }) => translations.list(ctx, family.typeOf(params), idOf(params)),
    );
    routes.post(
      `${family.base}/:id/translations`,
      {
        permission: 'authenticated',
        summary:
          'Create its translation into another enabled locale, as a draft copying fields, blocks and terms',
        description: '409 `translation_exists` when the group has that locale already.',
        params: family.Params,
        body: Type.Object(
          {
            locale: Type.String({ minLength: 2, maxLength: 35 }),
            title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
          },
          { additionalProperties: false },
        ),
        data: EntrySchema,
        status: 201,
      },
      (ctx, { params, body }) => translations.create(ctx, family.typeOf(params), idOf(params), body),
    );
    routes.delete(
      `${family.base}/:id/translations`,
      { permission: 'authenticated', summary: 'Unlink it from its translations', params: family.Params },
      (ctx, { params }) => translations.unlink(ctx, family.typeOf(params), idOf(params)),
    );
  }
}
