import { html, type PluginContext } from '@tessera/plugin';
import { textsIn } from './markup.js';
import type { PublicService } from './public-service.js';
import { listForms } from './repo.js';
import { formName } from './site-addresses.js';
import { wordsFor } from './words.js';

/**
 * The plugin on the site: the form block for the page builder, each form's own page, its post and
 * the page saying it was sent. Pages showing a form are rendered again when it is saved or deleted
 * (forms-service.ts purges them).
 */
export function sitePages(plugin: PluginContext, forms: PublicService): void {
  const T = plugin.schema;

  plugin.blocks.define({
    type: 'forms.form',
    label: 'Form',
    category: 'data',
    icon: 'mail',
    props: T.Object({
      form_id: T.Union([T.Integer({ minimum: 1 }), T.Null()], {
        default: null,
        title: 'Form',
        description: 'The form to show: build forms under Forms',
        // The builder offers the site's forms by title (GET /api/forms/choices).
        'x-options': '/api/forms/choices',
      }),
      show_title: T.Boolean({ default: true, title: 'Show the form’s title' }),
    }),
    async render(props, { operation, locale, canvas, blockId, formField }) {
      const words = wordsFor(locale);
      const form = props.form_id === null ? null : await forms.byId(operation, props.form_id);
      if (!form) {
        // On the site, nothing; in the builder, what to do, with the forms to choose from.
        if (!canvas) return '';
        const all = await listForms(plugin.db(operation));
        return html`<div class="tb-form-placeholder"><p>${props.form_id === null ? words.chooseForm : words.formGone(props.form_id)}</p>${
          all.length === 0
            ? html`<p>${words.noForms}</p>`
            : html`<p>${words.formsOfSite}</p><ul>${all.map((row) => html`<li>${row.id}: ${row.title}</li>`)}</ul>`
        }</div>`;
      }
      const title = props.show_title
        ? html`<h2 class="tb-form-title">${textsIn(form, locale).title}</h2>`
        : '';
      // In the builder the form cannot be sent: no token (and the canvas stops its submit).
      const token = canvas ? null : formField(formName(form.slug));
      const idPrefix = `tb-form-${form.id}-${blockId.replace(/[^A-Za-z0-9_-]/g, '')}`;
      return html`<div class="tb-form-block">${title}${forms.markup(form, { operation, locale }, { token, idPrefix })}</div>`;
    },
  });

  // A form's own page carries a token: private, never kept by a cache.
  plugin.pages.get('/forms/:slug', { cache: 'private' }, (page) => forms.page(page));
  plugin.pages.get('/forms/:slug/sent', { cache: 'public' }, (page) => forms.sent(page));
  plugin.pages.post(
    '/forms/:slug',
    {
      form: ({ params }) => formName(params.slug ?? ''),
      perMinute: ({ params, operation }) => forms.perMinute(operation, params.slug ?? ''),
      files: ({ params, operation }) => forms.uploads(operation, params.slug ?? ''),
      refused: (page, refusal) => forms.refused(page, refusal),
    },
    (page) => forms.submit(page),
  );
}
