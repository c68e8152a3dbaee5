import { Type } from '@sinclair/typebox';
import { ValidationFailed } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { PageQuery } from '../../core/http/envelope.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import type { SearchService } from './service.js';
import { STEMMED_LANGUAGES } from './tokens.js';

const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'The words to find' }),
    type: Type.Optional(
      Type.String({
        maxLength: 64,
        description: '`page`, `post`, or a custom content type with an archive',
      }),
    ),
    ...PageQuery(10, 50),
  },
  { additionalProperties: false },
);

const SearchResult = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  excerpt: Type.String({ description: 'Plain text around the first matched word' }),
  url: Type.String({ description: 'Site-relative' }),
  type: Type.String(),
  published_at: Type.String({ format: 'date-time' }),
  restricted: Type.Boolean({
    description: 'A plugin restricts the entry (members only): the excerpt is its teaser, not its text',
  }),
});

/** GET /api/search (spec 4.3): anyone may search what is published, under the search rate limit. */
export function searchRoutes(app: App, runtime: Runtime, search: SearchService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'search');
  routes.list(
    '/api/search',
    {
      permission: 'public',
      rateLimit: 'search',
      summary: 'Search the published pages, posts and archived custom types of the site',
      description:
        'Every word must match, in the title or the text (fields and blocks); the last word also as the start of a word, ' +
        'so results come while typing. Words are stemmed in the site language ' +
        `(${STEMMED_LANGUAGES.join(', ')}), so "running" finds "runs"; entries in other languages are found word for word. ` +
        'Title matches rank above text matches, then the newest first. Only published versions are searched.',
      querystring: SearchQuery,
      data: SearchResult,
      // Made of what the site published: a publication or a change drops it.
      cache: {},
    },
    async (ctx, { query }) => {
      if (query.type !== undefined && !(await search.searchableTypes(ctx.site)).has(query.type))
        throw ValidationFailed.field('type', 'Search page, post, or a content type with an archive.');
      return search.search(ctx, query);
    },
  );
}
