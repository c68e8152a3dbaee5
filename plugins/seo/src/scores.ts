import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { type ScoreContext, scoreOfEntry, shownAs } from './entry-score.js';
import type { CheckStatus } from './score/index.js';
import { comparable } from './score/meta-checks.js';
import type { SeoSettings } from './settings.js';

interface ScoreRow {
  site_id: number;
  entry_id: number;
  type: string;
  locale: string;
  title: string;
  description: string;
  score: number;
  rating: CheckStatus;
  checks: string;
  updated_at: string;
}

type Tables = { seo_scores: ScoreRow };

/** The most ids one request of scores names: a page of a list. */
const MOST_IDS = 200;
/** The duplicates the panel is told of: one is enough to say so. */
const DUPLICATES_SHOWN = 5;

/**
 * Each entry's score, computed after each save (in the site's default language's words: the
 * editor's own panel rescores live in the editor's) and kept for lists and the bulk editor.
 */
export function keepScores(
  plugin: PluginContext,
  settingsOf: (ctx: PluginOperation) => Promise<SeoSettings>,
): void {
  const db = (ctx: PluginOperation) => plugin.db<Tables>(ctx);

  plugin.permissions.register(
    'seo.manage',
    'See every entry’s SEO score and edit titles and descriptions in bulk',
  );

  plugin.hooks.onAction('entries.saved', async (ctx, entry) => {
    if (entry.id === null) return;
    const context = await scoreContextOf(plugin, ctx, settingsOf);
    const scored = { ...entry, locale: entry.locale ?? ctx.site.default_locale };
    const others = await db(ctx)
      .selectFrom('seo_scores')
      .select(['title', 'description'])
      .where('entry_id', '!=', entry.id)
      .where('locale', '=', scored.locale)
      .execute();
    const shown = shownAs(scored, context);
    const score = scoreOfEntry(
      scored,
      context,
      ctx.site.default_locale,
      {
        titles: others.map((row) => row.title),
        descriptions: others.map((row) => row.description).filter((text) => text !== ''),
      },
      shown,
    );
    const values = {
      type: entry.type,
      locale: scored.locale,
      title: shown.title,
      description: shown.description,
      score: score.score,
      rating: score.rating,
      checks: JSON.stringify(score.checks),
      updated_at: new Date().toISOString(),
    };
    await db(ctx)
      .insertInto('seo_scores', { entry_id: entry.id, ...values })
      .onConflict((conflict) => conflict.columns(['site_id', 'entry_id']).doUpdateSet(values))
      .execute();
  });

  const T = plugin.schema;
  const Score = T.Object({
    entry_id: T.Integer(),
    type: T.String(),
    locale: T.String(),
    title: T.String(),
    description: T.String(),
    score: T.Integer(),
    rating: T.Union([T.Literal('good'), T.Literal('improve'), T.Literal('problem')]),
    checks: T.Array(T.Object({ id: T.String(), status: T.String(), message: T.String() })),
    updated_at: T.String(),
  });
  plugin.routes.get(
    '/scores',
    {
      permission: 'seo.manage',
      summary: 'Entries’ SEO scores as of their last save: by id, or by rating and type',
      querystring: T.Object(
        {
          ids: T.Optional(
            T.String({
              pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,199}$',
              description: 'Entry ids, comma-separated',
            }),
          ),
          rating: T.Optional(T.Union([T.Literal('good'), T.Literal('improve'), T.Literal('problem')])),
          type: T.Optional(T.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' })),
          limit: T.Optional(T.Integer({ minimum: 1, maximum: MOST_IDS })),
        },
        { additionalProperties: false },
      ),
      response: T.Array(Score),
    },
    async (ctx, { query }) => {
      let select = db(ctx).selectFrom('seo_scores').selectAll();
      if (query.ids) select = select.where('entry_id', 'in', query.ids.split(',').map(Number));
      if (query.rating) select = select.where('rating', '=', query.rating);
      if (query.type) select = select.where('type', '=', query.type);
      const rows = await select
        .orderBy('entry_id', 'desc')
        .limit(query.limit ?? MOST_IDS)
        .execute();
      return rows.map(({ site_id: _site, checks, ...row }) => ({
        ...row,
        checks: JSON.parse(checks) as unknown[],
      }));
    },
  );

  plugin.routes.get(
    '/duplicates',
    {
      permission: 'authenticated',
      summary:
        'The SEO titles and descriptions of other entries in a language that equal those given (case and spacing aside): the editor panel’s live duplicate checks',
      querystring: T.Object(
        {
          locale: T.String({ minLength: 2, maxLength: 35 }),
          title: T.Optional(T.String({ maxLength: 500 })),
          entry_title: T.Optional(T.String({ maxLength: 500 })),
          description: T.Optional(T.String({ maxLength: 1000 })),
          id: T.Optional(T.Integer({ minimum: 1, description: 'The entry itself, left out' })),
        },
        { additionalProperties: false },
      ),
      response: T.Object({ titles: T.Array(T.String()), descriptions: T.Array(T.String()) }),
    },
    async (ctx, { query }) => {
      const matches = async (column: 'title' | 'description', texts: readonly string[]) => {
        const wanted = [...new Set(texts.map(comparable).filter((text) => text !== ''))];
        if (wanted.length === 0) return [];
        let select = db(ctx)
          .selectFrom('seo_scores')
          .select(column)
          .where('locale', '=', query.locale)
          .where((eb) => eb(eb.fn('lower', [eb.fn('trim', [column])]), 'in', wanted));
        if (query.id !== undefined) select = select.where('entry_id', '!=', query.id);
        return (await select.limit(DUPLICATES_SHOWN).execute()).map((row) => row[column]);
      };
      return {
        titles: await matches('title', [query.title ?? '', query.entry_title ?? '']),
        descriptions: await matches('description', [query.description ?? '']),
      };
    },
  );

  plugin.routes.get(
    '/context',
    {
      permission: 'authenticated',
      summary:
        'What the editor’s SEO panel scores an entry with: the site’s name, address and default language, and the templates',
      response: T.Object({
        site: T.Object({ name: T.String(), tagline: T.String(), origin: T.String() }),
        default_locale: T.String({
          description: 'The content language of an entry not saved yet (a saved one has its own)',
        }),
        templates: T.Object({
          separator: T.String(),
          entries: T.Object({ title: T.String(), description: T.String() }),
          types: T.Record(
            T.String(),
            T.Object({ title: T.Optional(T.String()), description: T.Optional(T.String()) }),
          ),
        }),
      }),
    },
    async (ctx) => ({
      ...(await scoreContextOf(plugin, ctx, settingsOf)),
      default_locale: ctx.site.default_locale,
    }),
  );
}

/** The site as an entry's score sees it, from its settings. */
async function scoreContextOf(
  plugin: PluginContext,
  ctx: PluginOperation,
  settingsOf: (ctx: PluginOperation) => Promise<SeoSettings>,
): Promise<ScoreContext> {
  const [settings, general] = await Promise.all([settingsOf(ctx), plugin.settings.general(ctx)]);
  return {
    // As the site's pages name it: its title, else its name (the head's {{site}} and {{tagline}}).
    site: { name: general.title, tagline: general.tagline, origin: `https://${ctx.site.primary_domain}` },
    templates: { separator: settings.separator, entries: settings.entries, types: settings.types },
  };
}
