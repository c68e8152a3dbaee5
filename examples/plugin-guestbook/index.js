// @ts-check
/**
 * A guestbook: visitors sign it, moderators hide or delete entries, and a background job hides
 * entries that carry links. It uses nothing but `@tessera/plugin` and the plugin context Tessera
 * hands to setup(); `tsc -p examples/plugin-guestbook` checks it (hooks.d.ts types its own hook).
 */
import { definePlugin, html } from '@tessera/plugin';

/** The block's own words, in the page's language. */
const WORDS = {
  en: {
    empty: 'No one has signed the guestbook yet.',
    wrote: 'wrote',
    title: 'Guestbook',
    name: 'Your name',
    message: 'Your message',
    sign: 'Sign',
    thanks: 'Thank you for signing, {name}.',
    missing: 'Write your name and a message.',
    signedInAs: 'You sign as {name}, with your account.',
  },
  fr: {
    empty: 'Personne n’a encore signé le livre d’or.',
    wrote: 'a écrit',
    title: 'Livre d’or',
    name: 'Votre nom',
    message: 'Votre message',
    sign: 'Signer',
    thanks: 'Merci d’avoir signé, {name}.',
    missing: 'Écrivez votre nom et un message.',
    signedInAs: 'Vous signez {name}, avec votre compte.',
  },
};

/** The words of a page or block in its language (English for any other). */
const wordsOf = (/** @type {string} */ locale) =>
  WORDS[/** @type {'en' | 'fr'} */ (locale.slice(0, 2))] ?? WORDS.en;

/** Entries carrying a link are hidden by the moderation job; people sign guestbooks, spam links. */
const LINK = /https?:\/\/|www\./i;

export default definePlugin({
  setup(plugin) {
    const t = plugin.schema;
    const { NotFound } = plugin.errors;

    plugin.permissions.register('guestbook.moderate', 'Hide and delete guestbook entries');

    // What plugins that require the guestbook (`"requires": { "guestbook": "^1" }`) may call, through
    // `plugin.api.of('guestbook')`: each function takes the caller's operation, so it counts on the
    // caller's site.
    plugin.api.provide({
      /** @param {import('@tessera/plugin').PluginOperation} ctx */
      async visibleEntries(ctx) {
        const row = await plugin
          .db(ctx)
          .selectFrom('guestbook_entries')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('hidden', '=', 0)
          .executeTakeFirst();
        return Number(row?.count ?? 0);
      },
    });

    // Per site, in /api/settings/guestbook: whether the moderation job hides entries with links.
    plugin.settings.define(
      t.Object({ hide_links: t.Boolean() }, { additionalProperties: false }),
      {
        hide_links: true,
      },
      { description: 'Guestbook moderation' },
    );

    // A field on posts, kept apart from the type's own (`guestbook.mood` in an entry's fields): the
    // admin module's editor panel sets it, and the REST API and MCP take it like any field.
    plugin.content.addFields(
      ['post'],
      [
        {
          key: 'mood',
          label: 'Guestbook mood',
          type: 'select',
          help_text: 'The mood the guestbook shows beside this post.',
          choices: [
            { value: 'sunny', label: 'Sunny' },
            { value: 'quiet', label: 'Quiet' },
            { value: 'stormy', label: 'Stormy' },
          ],
        },
      ],
    );

    // Other plugins (an allow-list, a captcha) may refuse a signature: it runs in the transaction.
    plugin.hooks.declare('guestbook.before_sign', 'transaction');

    const Entry = t.Object({
      id: t.Integer(),
      name: t.String(),
      message: t.String(),
      created_at: t.String(),
    });

    plugin.routes.get(
      '/entries',
      {
        permission: 'public',
        summary: 'The guestbook: visible entries, newest first',
        querystring: t.Object(
          { limit: t.Integer({ minimum: 1, maximum: 100, default: 20 }) },
          { additionalProperties: false },
        ),
        response: t.Array(Entry),
      },
      (ctx, { query }) =>
        plugin
          .db(ctx)
          .selectFrom('guestbook_entries')
          .select(['id', 'name', 'message', 'created_at'])
          .where('hidden', '=', 0)
          .orderBy('id', 'desc')
          .limit(query.limit)
          .execute(),
    );

    plugin.routes.post(
      '/entries',
      {
        permission: 'public',
        summary: 'Sign the guestbook',
        status: 201,
        body: t.Object(
          {
            name: t.String({ minLength: 1, maxLength: 80 }),
            message: t.String({ minLength: 1, maxLength: 2000 }),
          },
          { additionalProperties: false },
        ),
        response: Entry,
      },
      (ctx, { body }) =>
        ctx.transaction(async (tx) => {
          const entry = {
            name: body.name.trim(),
            message: body.message.trim(),
            created_at: new Date().toISOString(),
          };
          await tx.hooks.doAction('guestbook.before_sign', entry);
          const row = await plugin
            .db(tx)
            .insertInto('guestbook_entries', { ...entry, hidden: 0 })
            .returning(['id', 'name', 'message', 'created_at'])
            .executeTakeFirstOrThrow();
          // In the same transaction: no entry without its moderation pass, and no pass for a refused one.
          await tx.jobs.enqueue('guestbook.moderate_links', { entryId: row.id });
          plugin.blocks.purge(tx);
          return row;
        }),
    );

    plugin.routes.delete(
      '/entries/:id',
      {
        permission: 'guestbook.moderate',
        summary: 'Delete an entry',
        status: 204,
        params: t.Object({ id: t.Integer({ minimum: 1, maximum: 2147483647 }) }),
      },
      async (ctx, { params }) => {
        const result = await plugin
          .db(ctx)
          .deleteFrom('guestbook_entries')
          .where('id', '=', params.id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new NotFound('Guestbook entry');
        plugin.blocks.purge(ctx);
      },
    );

    // The latest signatures on any page of the builder, rendered on the server from the plugin's
    // table; pages showing it are emptied from the cache when an entry is signed or hidden.
    plugin.blocks.define({
      type: 'guestbook.latest',
      label: 'Guestbook',
      category: 'dynamic',
      icon: 'chat',
      props: t.Object({
        title: t.String({ maxLength: 80, default: 'Guestbook' }),
        count: t.Integer({ minimum: 1, maximum: 20, default: 5 }),
      }),
      async render(props, { operation, locale }) {
        const words = wordsOf(locale);
        const rows = await plugin
          .db(operation)
          .selectFrom('guestbook_entries')
          .select(['id', 'name', 'message'])
          .where('hidden', '=', 0)
          .orderBy('id', 'desc')
          .limit(props.count)
          .execute();
        return html`<section class="guestbook">
          <h2>${props.title}</h2>
          ${
            rows.length === 0
              ? html`<p>${words.empty}</p>`
              : html`<ul>${rows.map((row) => html`<li><strong>${row.name}</strong> ${words.wrote}: ${row.message}</li>`)}</ul>`
          }
        </section>`;
      },
    });

    // The guestbook's own page, /guestbook, in the site's theme: the latest signatures and a form to
    // sign it. The visitor who signed is thanked by name on their next visits: a visitor session
    // remembers it (their page is then their own, never cached for others). A visitor signed in
    // with a site account signs with its name.
    /**
     * @param {import('@tessera/plugin').PluginPageRequest | import('@tessera/plugin').PluginFormRequest} page
     * @param {string | null} problem
     */
    const guestbookPage = async (page, problem) => {
      const words = wordsOf(page.locale);
      const visitor = await page.visitor.read();
      const signedAs = typeof visitor?.data.guestbook_name === 'string' ? visitor.data.guestbook_name : null;
      const account = visitor?.account ?? null;
      const rows = await plugin
        .db(page.operation)
        .selectFrom('guestbook_entries')
        .select(['id', 'name', 'message'])
        .where('hidden', '=', 0)
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      return html`<section class="guestbook">
        ${signedAs && html`<p class="guestbook-thanks">${words.thanks.replace('{name}', signedAs)}</p>`}
        ${problem && html`<p class="guestbook-problem" role="alert">${problem}</p>`}
        ${
          rows.length === 0
            ? html`<p>${words.empty}</p>`
            : html`<ul>${rows.map((row) => html`<li><strong>${row.name}</strong> ${words.wrote}: ${row.message}</li>`)}</ul>`
        }
        <form method="post" action="/guestbook">
          ${page.formField('guestbook.sign')}
          ${
            account
              ? html`<p class="guestbook-account">${words.signedInAs.replace('{name}', account.name)}</p>`
              : html`<p><label>${words.name} <input name="name" maxlength="80" required></label></p>`
          }
          <p><label>${words.message} <textarea name="message" maxlength="2000" required></textarea></label></p>
          <p><button type="submit">${words.sign}</button></p>
        </form>
      </section>`;
    };

    plugin.pages.get('/guestbook', { cache: 'private' }, async (page) => ({
      title: wordsOf(page.locale).title,
      body: await guestbookPage(page, null),
    }));

    plugin.pages.post('/guestbook', { form: 'guestbook.sign', perMinute: 5 }, async (page) => {
      const account = (await page.visitor.read())?.account ?? null;
      const name = (account?.name ?? page.form.name ?? '').trim().slice(0, 80);
      const message = (page.form.message ?? '').trim().slice(0, 2000);
      if (name === '' || message === '')
        return {
          title: wordsOf(page.locale).title,
          status: 422,
          body: await guestbookPage(page, wordsOf(page.locale).missing),
        };
      await page.operation.transaction(async (tx) => {
        const entry = { name, message, created_at: new Date().toISOString() };
        await tx.hooks.doAction('guestbook.before_sign', entry);
        const row = await plugin
          .db(tx)
          .insertInto('guestbook_entries', { ...entry, hidden: 0 })
          .returning(['id'])
          .executeTakeFirstOrThrow();
        await tx.jobs.enqueue('guestbook.moderate_links', { entryId: row.id });
        plugin.pages.purge(tx);
      });
      await page.visitor.setData({ guestbook_name: name });
      return {
        redirect:
          page.locale === page.operation.site.default_locale ? '/guestbook' : `/${page.locale}/guestbook`,
      };
    });

    plugin.jobs.define(
      'guestbook.moderate_links',
      async (payload, run) => {
        if (!run.operation) return;
        const { hide_links } = await plugin.settings.read(run.operation);
        if (!hide_links) return;
        const { entryId } = /** @type {{ entryId: number }} */ (payload);
        const db = plugin.db(run.operation);
        const entry = await db
          .selectFrom('guestbook_entries')
          .select(['message'])
          .where('id', '=', entryId)
          .executeTakeFirst();
        if (entry && LINK.test(String(entry.message))) {
          await db
            .updateTable('guestbook_entries')
            .set({ hidden: 1, hidden_reason: 'link' })
            .where('id', '=', entryId)
            .execute();
          plugin.blocks.purge(run.operation);
          plugin.log.info({ entry: entryId }, 'guestbook entry with a link hidden');
        }
      },
      { maxAttempts: 3 },
    );

    // Hidden entries are kept a month for a moderator to look at, then deleted, site by site.
    plugin.jobs.define('guestbook.prune', async (_payload, run) => {
      if (!run.operation) return;
      const before = new Date(Date.now() - 30 * 86_400_000).toISOString();
      await plugin
        .db(run.operation)
        .deleteFrom('guestbook_entries')
        .where('hidden', '=', 1)
        .where('created_at', '<', before)
        .execute();
    });
    plugin.jobs.schedule('guestbook.prune', '37 4 * * *', {}, { perSite: true });
  },
});
