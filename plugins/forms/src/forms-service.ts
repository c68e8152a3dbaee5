import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { checkDefinition } from './definition-check.js';
import { renderForm } from './markup.js';
import {
  DEFAULT_SETTINGS,
  type FieldInput,
  type Form,
  type FormDefinition,
  type FormSettings,
  type FormTranslation,
  fieldAsKept,
  REFUSAL_REASONS,
  type RefusalReason,
} from './model.js';
import {
  deleteForm,
  type FormRow,
  type FormsDb,
  type FormsTables,
  findForm,
  findFormBySlug,
  insertForm,
  insertVersion,
  listForms,
  liveForm,
  type RefusalRow,
  refusalCounts,
  slugsLike,
  submissionCounts,
  updateForm,
} from './repo.js';
import type { FormsSettings } from './settings.js';
import { freeSlug, slugFromTitle } from './slugs.js';

/**
 * Forms: their list, one, creation, saves (a new version when the fields change, their fields kept
 * for the submissions made with it), deletion with everything of them, and the preview. The one
 * place these rules live, whoever calls them.
 */

/** A save's body, as the routes hand it over (what was left out filled in by the schema's defaults). */
export interface FormInput {
  title: string;
  slug?: string | undefined;
  fields?: readonly FieldInput[] | undefined;
  settings?: FormSettings | undefined;
  translations?: Record<string, FormTranslation> | undefined;
}

const SLUG_TAKEN = 'Another form of the site has this address.';

export function formsService(plugin: PluginContext) {
  const db = (ctx: PluginOperation): FormsDb => plugin.db<FormsTables>(ctx);

  /** The definition as kept (what does not apply to a field's type cleared), checked: 422 by path. */
  async function checked(ctx: PluginOperation, input: FormInput): Promise<FormDefinition> {
    const definition: FormDefinition = {
      title: input.title.trim(),
      fields: (input.fields ?? []).map(fieldAsKept),
      settings: { ...DEFAULT_SETTINGS, ...input.settings },
      // A language the site no longer has keeps no translation: the admin, showing only the site's
      // languages, could not remove it, and the save would be refused for ever.
      translations: Object.fromEntries(
        Object.entries(input.translations ?? {}).filter(([locale]) => ctx.site.locales.includes(locale)),
      ),
    };
    const { max_upload_mb } = await plugin.settings.read<FormsSettings>(ctx);
    const messages = checkDefinition(definition, {
      locales: ctx.site.locales,
      maxUploadMb: max_upload_mb,
      patternProblem: plugin.patterns.problem,
    });
    if (Object.keys(messages).length > 0)
      throw new plugin.errors.ValidationFailed(messages, 'The form cannot be saved as it is.');
    return definition;
  }

  async function found(ctx: PluginOperation, id: number): Promise<FormRow> {
    const row = await findForm(db(ctx), id);
    if (!row) throw new plugin.errors.NotFound('Form');
    return row;
  }

  async function one(ctx: PluginOperation, id: number): Promise<Form> {
    const row = await found(ctx, id);
    const counts = await submissionCounts(db(ctx), id);
    return formOf(row, counts, await refusalCounts(db(ctx), id));
  }

  /**
   * The form's pages and the pages showing its block are rendered again once the change commits
   * (`pages.purge` empties the blocks' pages too). A new form purges as well: its address may have
   * been asked for, and answered "not found", before it existed.
   */
  const changed = (ctx: PluginOperation) => plugin.pages.purge(ctx);

  return {
    /** Newest first. */
    async list(ctx: PluginOperation): Promise<Form[]> {
      const rows = await listForms(db(ctx));
      const counts = await submissionCounts(db(ctx));
      const refusals = await refusalCounts(db(ctx));
      return rows.map((row) => formOf(row, counts, refusals));
    },

    get: one,

    async create(ctx: PluginOperation, input: FormInput): Promise<Form> {
      return ctx.transaction(async (tx) => {
        const definition = await checked(tx, input);
        let slug = input.slug;
        if (slug !== undefined) {
          if (await findFormBySlug(db(tx), slug))
            throw new plugin.errors.Conflict(SLUG_TAKEN, 'form_slug_taken', { slug: [SLUG_TAKEN] });
        } else {
          const stem = slugFromTitle(definition.title);
          slug = freeSlug(stem, await slugsLike(db(tx), stem));
        }
        const at = new Date().toISOString();
        const id = await insertForm(db(tx), {
          slug,
          title: definition.title,
          fields: JSON.stringify(definition.fields),
          settings: JSON.stringify(definition.settings),
          translations: JSON.stringify(definition.translations),
          version: 1,
          created_at: at,
          updated_at: at,
        });
        await insertVersion(db(tx), id, 1, definition.fields, at);
        changed(tx);
        return one(tx, id);
      });
    },

    /** Saves the whole form; a change of its fields makes a new version. */
    async save(ctx: PluginOperation, id: number, input: FormInput & { slug: string }): Promise<Form> {
      return ctx.transaction(async (tx) => {
        const row = await found(tx, id);
        const definition = await checked(tx, input);
        if (input.slug !== row.slug) {
          const other = await findFormBySlug(db(tx), input.slug);
          if (other && other.id !== id)
            throw new plugin.errors.Conflict(SLUG_TAKEN, 'form_slug_taken', { slug: [SLUG_TAKEN] });
        }
        const fields = JSON.stringify(definition.fields);
        const version = fields === row.fields ? row.version : row.version + 1;
        const at = new Date().toISOString();
        await updateForm(db(tx), id, {
          slug: input.slug,
          title: definition.title,
          fields,
          settings: JSON.stringify(definition.settings),
          translations: JSON.stringify(definition.translations),
          version,
          updated_at: at,
        });
        if (version !== row.version) await insertVersion(db(tx), id, version, definition.fields, at);
        changed(tx);
        return one(tx, id);
      });
    },

    /** The form, its versions, submissions, files and refusal counts. */
    async remove(ctx: PluginOperation, id: number): Promise<void> {
      await ctx.transaction(async (tx) => {
        await found(tx, id);
        // The stored files go once the deletion commits.
        await plugin.files.delete(tx, await deleteForm(db(tx), id));
        changed(tx);
      });
    },

    /** The form's markup as the site would show it in `locale` (the site's language when not one). */
    preview(ctx: PluginOperation, input: Omit<FormInput, 'slug'>, locale: string): { html: string } {
      const definition: FormDefinition = {
        title: input.title,
        fields: (input.fields ?? []).map(fieldAsKept),
        settings: { ...DEFAULT_SETTINGS, ...input.settings },
        translations: input.translations ?? {},
      };
      const shown = ctx.site.locales.includes(locale) ? locale : ctx.site.default_locale;
      return {
        html: renderForm(definition, { locale: shown, action: '#', idPrefix: 'tb-form-preview' }).html,
      };
    },
  };
}

export type FormsService = ReturnType<typeof formsService>;

function formOf(
  row: FormRow,
  counts: ReadonlyMap<number, { total: number; read: number }>,
  refusals: readonly RefusalRow[],
): Form {
  const count = counts.get(row.id) ?? { total: 0, read: 0 };
  const refused = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as Record<
    RefusalReason,
    number
  >;
  for (const refusal of refusals) if (refusal.form_id === row.id) refused[refusal.reason] = refusal.count;
  return {
    ...liveForm(row),
    submission_count: count.total,
    unread_count: count.total - count.read,
    refusals: refused,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
