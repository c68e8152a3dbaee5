import {
  html,
  type PluginContext,
  type PluginFormRefusal,
  type PluginFormRequest,
  type PluginOperation,
  type PluginPage,
  type PluginPageRequest,
  type PluginRedirect,
  type PluginStoredFile,
  type PluginUpload,
  type SafeHtml,
} from '@tessera/plugin';
import { mailVariables } from './mail.js';
import { renderForm, textsIn } from './markup.js';
import {
  HONEYPOT,
  type LiveForm,
  type RefusalReason,
  type SubmittedEvent,
  type SubmittedValues,
} from './model.js';
import { countRefusal, type FormsDb, type FormsTables, findForm, findFormBySlug, liveForm } from './repo.js';
import { filesOf, insertSubmission, type NewFile } from './repo-submissions.js';
import { checkSubmission, isEmail, submittedValues } from './rules.js';
import type { FormsSettings } from './settings.js';
import { formName, formPath, isSitePath, sentPath } from './site-addresses.js';
import { tooManyLinks } from './spam.js';
import { wordsFor } from './words.js';

/**
 * Forms on the site: a form's page, its block's markup, the post (the anti-spam checks, the rules,
 * the files, then the submission kept with its mails, site event and hook, in one transaction), the
 * refusals the platform makes before the post reaches the plugin, and the page saying it was sent.
 */

/** A fault about the whole form (not a field's): listed above the form. */
const WHOLE_FORM = '_form';

const MEGABYTE = 1024 * 1024;

/** What refused a post, as the form's refusals count it. */
function reasonOf(code: PluginFormRefusal['code']): RefusalReason {
  if (code === 'rate_limited') return 'rate_limited';
  return code === 'form_origin_refused' ? 'origin' : 'token';
}

export function publicService(plugin: PluginContext) {
  const db = (ctx: PluginOperation): FormsDb => plugin.db<FormsTables>(ctx);

  // A post reads its form for its budget, then for its handler (or its refusal page), on the same
  // operation: read once.
  const read = new WeakMap<PluginOperation, Map<string, Promise<LiveForm | null>>>();
  function bySlug(ctx: PluginOperation, slug: string): Promise<LiveForm | null> {
    let forms = read.get(ctx);
    if (!forms) {
      forms = new Map();
      read.set(ctx, forms);
    }
    let found = forms.get(slug);
    if (!found) {
      found = findFormBySlug(db(ctx), slug).then((row) => (row ? liveForm(row) : null));
      forms.set(slug, found);
    }
    return found;
  }

  async function byId(ctx: PluginOperation, id: number): Promise<LiveForm | null> {
    const row = await findForm(db(ctx), id);
    return row ? liveForm(row) : null;
  }

  const settingsOf = (ctx: PluginOperation) => plugin.settings.read<FormsSettings>(ctx);

  /** The form's markup, posting to its own page in the page's language. */
  function markup(
    form: LiveForm,
    page: Pick<PluginPageRequest, 'operation' | 'locale'>,
    options: {
      token: SafeHtml | null;
      values?: SubmittedValues;
      errors?: Record<string, string>;
      idPrefix?: string;
    },
  ): SafeHtml {
    return renderForm(form, {
      locale: page.locale,
      action: formPath(page.operation.site, page.locale, form.slug),
      tokenField: options.token,
      ...(options.values ? { values: options.values } : {}),
      ...(options.errors ? { errors: options.errors } : {}),
      ...(options.idPrefix ? { idPrefix: options.idPrefix } : {}),
    });
  }

  /** The form's own page: its title and the form, with a fresh token (again with faults: 422). */
  function formPage(
    form: LiveForm,
    page: PluginPageRequest | PluginFormRequest,
    again?: { values: SubmittedValues; errors: Record<string, string>; status: 422 | 403 | 429 },
  ): PluginPage {
    const { title } = textsIn(form, page.locale);
    const token = page.formField(formName(form.slug));
    return {
      title,
      noindex: again !== undefined,
      ...(again ? { status: again.status } : {}),
      body: html`<h1 class="tb-form-title">${title}</h1>
${markup(form, page, { token, ...(again ? { values: again.values, errors: again.errors } : {}) })}`,
    };
  }

  function notFound(locale: string): PluginPage {
    const words = wordsFor(locale);
    return {
      title: words.notFoundTitle,
      status: 404,
      noindex: true,
      body: html`<h1>${words.notFoundTitle}</h1><p>${words.notFound}</p>`,
    };
  }

  /** Where a submission sends the visitor: the form's redirect when it is the site's, else its sent page. */
  function success(form: LiveForm, page: PluginFormRequest): PluginRedirect {
    const { success } = form.settings;
    if (success.kind === 'redirect' && isSitePath(success.to)) return { redirect: success.to };
    return { redirect: sentPath(page.operation.site, page.locale, form.slug) };
  }

  /** The form's files that fit, stored before the transaction (removed again if it fails). */
  async function store(ctx: PluginOperation, uploads: readonly PluginUpload[]) {
    const stored: Array<{ upload: PluginUpload; file: PluginStoredFile }> = [];
    try {
      for (const upload of uploads) {
        if (!upload.bytes || upload.type === null) continue;
        stored.push({
          upload,
          file: await plugin.files.save(ctx, { bytes: upload.bytes, contentType: upload.type }),
        });
      }
    } catch (error) {
      await plugin.files.delete(
        ctx,
        stored.map(({ file }) => file.key),
      );
      throw error;
    }
    return stored;
  }

  /** The submission kept, its mails queued, its event emitted and its hook fired: one transaction. */
  async function keep(
    page: PluginFormRequest,
    form: LiveForm,
    values: SubmittedValues,
    uploads: readonly PluginUpload[],
  ): Promise<number> {
    const ctx = page.operation;
    const stored = await store(ctx, uploads);
    const files: NewFile[] = stored.map(({ upload, file }) => ({
      field: upload.field,
      filename: upload.filename,
      content_type: upload.type ?? 'application/octet-stream',
      size: file.size,
      storage_key: file.key,
      sha256: file.sha256,
    }));
    try {
      return await ctx.transaction(async (tx) => {
        const created_at = new Date().toISOString();
        const id = await insertSubmission(
          db(tx),
          { form_id: form.id, form_version: form.version, values, locale: page.locale, created_at },
          files,
        );
        const kept = (await filesOf(db(tx), [id])).map((file) => ({
          id: file.id,
          field: file.field,
          filename: file.filename,
          content_type: file.content_type,
          size: file.size,
        }));
        const event: SubmittedEvent = {
          form: { id: form.id, slug: form.slug, title: form.title },
          submission: {
            id,
            form_id: form.id,
            form_version: form.version,
            values,
            files: kept,
            locale: page.locale,
            created_at,
          },
        };
        await plugin.events.emit(tx, 'form.submitted', event as unknown as Record<string, unknown>);
        await mail(tx, form, event, page.locale);
        await tx.hooks.doAction('forms.submitted', event);
        return id;
      });
    } catch (error) {
      await plugin.files.delete(
        ctx,
        files.map((file) => file.storage_key),
      );
      throw error;
    }
  }

  /** The notification (to the form's recipients, else the site's administrators) and the visitor's copy. */
  async function mail(tx: PluginOperation, form: LiveForm, event: SubmittedEvent, locale: string) {
    const { settings } = form;
    const { values } = event.submission;
    const answer = (name: string | null) => {
      const value = name === null ? undefined : values[name];
      return typeof value === 'string' && isEmail(value) ? value : null;
    };
    const replyTo = answer(settings.reply_to_field);
    const notification = {
      variables: mailVariables(tx.site, form, event, null),
      ...(replyTo ? { replyTo } : {}),
    };
    if (settings.recipients.length === 0)
      await plugin.mail.send(tx, 'forms.notification', { to: 'administrators', ...notification });
    for (const to of settings.recipients)
      await plugin.mail.send(tx, 'forms.notification', { to, ...notification });
    const copyTo = settings.confirmation.enabled ? answer(settings.confirmation.email_field) : null;
    if (copyTo)
      await plugin.mail.send(tx, 'forms.confirmation', {
        to: copyTo,
        locale,
        variables: mailVariables(tx.site, form, event, locale),
      });
  }

  return {
    byId,
    markup,

    /**
     * What one post to a form may carry, known before its body is read: a file each for its single
     * file fields, their `max_files` (else the platform's most) for the multiple ones; each file
     * up to the largest its fields take. Null for a form without a file field: it takes none.
     */
    async uploads(
      ctx: PluginOperation,
      slug: string,
    ): Promise<{ maxFiles: number; maxBytes: number } | null> {
      const form = await bySlug(ctx, slug);
      const fileFields = form?.fields.filter((field) => field.type === 'file') ?? [];
      if (fileFields.length === 0) return null;
      const { max_upload_mb } = await settingsOf(ctx);
      const count = fileFields.reduce(
        (sum, field) => sum + (field.multiple ? (field.max_files ?? UPLOADS.maxFiles) : 1),
        0,
      );
      const megabytes = Math.max(
        ...fileFields.map((field) => Math.min(field.max_size_mb ?? max_upload_mb, max_upload_mb)),
      );
      return {
        maxFiles: Math.min(count, UPLOADS.maxFiles),
        maxBytes: Math.min(Math.ceil(megabytes * MEGABYTE), UPLOADS.maxBytes),
      };
    },

    /** A form's budget per address a minute: its own, else the plugin's setting. */
    async perMinute(ctx: PluginOperation, slug: string): Promise<number> {
      const form = await bySlug(ctx, slug);
      return form?.settings.per_minute ?? (await settingsOf(ctx)).per_minute;
    },

    /** `GET /forms/:slug`. */
    async page(page: PluginPageRequest): Promise<PluginPage> {
      const form = await bySlug(page.operation, page.params.slug ?? '');
      return form ? formPage(form, page) : notFound(page.locale);
    },

    /** `GET /forms/:slug/sent`: the form's message, or, for one sending elsewhere, a link onwards. */
    async sent(page: PluginPageRequest): Promise<PluginPage> {
      const form = await bySlug(page.operation, page.params.slug ?? '');
      if (!form) return notFound(page.locale);
      const words = wordsFor(page.locale);
      const { title, successMessage } = textsIn(form, page.locale);
      const { success } = form.settings;
      const onwards =
        success.kind === 'redirect' && !isSitePath(success.to)
          ? html`<p><a class="tb-form-continue" href="${success.to}">${words.continueTo}</a></p>`
          : '';
      return {
        title,
        noindex: true,
        body: html`<h1 class="tb-form-title">${title}</h1>
<div class="tb-form-sent" role="status"><p>${successMessage || words.sent}</p>${onwards}</div>`,
      };
    },

    /** `POST /forms/:slug`: the checks in order, then the submission kept and the visitor sent on (303). */
    async submit(page: PluginFormRequest): Promise<PluginPage | PluginRedirect> {
      const ctx = page.operation;
      const form = await bySlug(ctx, page.params.slug ?? '');
      if (!form) return notFound(page.locale);
      const words = wordsFor(page.locale);
      const limits = await settingsOf(ctx);
      const values = submittedValues(form.fields, page.form);
      const again = (errors: Record<string, string>) => formPage(form, page, { values, errors, status: 422 });

      // A robot filling every input: answered as if sent, kept nowhere.
      if ((page.form[HONEYPOT] ?? '') !== '') {
        await countRefusal(db(ctx), form.id, 'honeypot');
        return success(form, page);
      }
      const minSeconds = form.settings.min_seconds ?? limits.min_seconds;
      if (
        minSeconds > 0 &&
        page.formIssuedAt !== null &&
        Date.now() - page.formIssuedAt < minSeconds * 1000
      ) {
        await countRefusal(db(ctx), form.id, 'too_fast');
        return again({ [WHOLE_FORM]: words.tooFast });
      }
      const fileFields = new Set(
        form.fields.filter((field) => field.type === 'file').map((field) => field.name),
      );
      const uploads = page.files.filter((file) => fileFields.has(file.field));
      const faults = checkSubmission(form.fields, page.form, uploads, page.locale, {
        maxUploadMb: limits.max_upload_mb,
        matches: plugin.patterns.matches,
      });
      const mostLinks = form.settings.max_links ?? limits.max_links;
      const linked = tooManyLinks(form.fields, values, mostLinks);
      if (linked !== null) {
        await countRefusal(db(ctx), form.id, 'links');
        faults[linked] ??= words.links(mostLinks);
      }
      if (Object.keys(faults).length > 0) return again(faults);

      await keep(page, form, values, uploads);
      return success(form, page);
    },

    /**
     * A post the platform refused before it reached `submit` (its origin, its token, the form's
     * budget): counted, and answered with the form again, what was typed kept, saying why.
     */
    async refused(page: PluginFormRequest, refusal: PluginFormRefusal): Promise<PluginPage> {
      const form = await bySlug(page.operation, page.params.slug ?? '');
      if (!form) return notFound(page.locale);
      await countRefusal(db(page.operation), form.id, reasonOf(refusal.code));
      const words = wordsFor(page.locale);
      const message =
        refusal.code === 'rate_limited'
          ? words.rateLimited(Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60)))
          : refusal.code === 'form_origin_refused'
            ? words.origin
            : words.expired;
      return formPage(form, page, {
        values: submittedValues(form.fields, page.form),
        errors: { [WHOLE_FORM]: message },
        status: refusal.status,
      });
    },
  };
}

export type PublicService = ReturnType<typeof publicService>;

/** The platform's most for one post: files, and bytes in one file. */
export const UPLOADS = { maxFiles: 20, maxBytes: 50 * MEGABYTE };
