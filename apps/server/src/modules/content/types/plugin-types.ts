import { Value } from '@sinclair/typebox/value';
import type { ContentTypeDefinition, FieldDefinition as DeclaredField } from '@tessera/plugin';
import { addFieldError, Conflict, type FieldErrors, fieldErrors } from '../../../core/errors.js';
import type { ContentChecks } from '../../../core/plugins/plugin-content.js';
import type { PluginHost } from '../../../core/plugins/plugin-host.js';
import type { UninstallStep } from '../../../core/plugins/uninstall.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { PluginValuesRepo } from '../entries/repo-plugin-values.js';
import { canonicalJson } from '../entries/state.js';
import { checkDefinitions, type FieldDefinition, validateFieldValues } from '../fields/index.js';
import { builtinTaxonomies } from './builtin.js';
import { type ContentType, ContentTypeCreateBody, type ContentTypeInput } from './content-type.js';
import { ContentTypesRepo } from './repo.js';
import { checkRoutePattern } from './route-pattern.js';

/** A new type's definition, what was not given taking the defaults administrators' types get. */
export function typeDefinition(input: ContentTypeDefinition): ContentTypeInput {
  return {
    slug: input.slug,
    singular_label: input.singular_label.trim(),
    plural_label: input.plural_label.trim(),
    description: input.description ?? '',
    fields: (input.fields ?? []) as ContentTypeInput['fields'],
    taxonomies: input.taxonomies ?? [],
    display: input.display ?? {
      list_columns: ['title', 'status', 'updated_at'],
      icon: 'folder',
      menu_position: 30,
    },
    route_pattern: input.route_pattern ?? `/${input.slug}/{slug}`,
    hierarchical: input.hierarchical ?? false,
    has_archive: input.has_archive ?? true,
    allows_comments: input.allows_comments ?? false,
    uses_builder: input.uses_builder ?? false,
    in_feed: input.in_feed ?? false,
  };
}

/** Field definitions' problems by path, as a type's are checked. */
export function fieldProblems(fields: readonly unknown[]): FieldErrors {
  const errors = fieldErrors();
  for (const [path, messages] of Object.entries(checkDefinitions(fields as never)))
    for (const message of messages)
      addFieldError(errors, path.startsWith('fields') ? path : `fields${path}`, message);
  return errors;
}

/**
 * What a plugin's types and fields must be, checked when it loads: the schema of
 * POST /api/content-types, the fields' own rules, a sound route, and only the taxonomies every
 * site has (a plugin cannot count on a site's own).
 */
export const pluginContentChecks: ContentChecks = {
  type(definition) {
    const errors = fieldErrors();
    for (const problem of Value.Errors(ContentTypeCreateBody, definition))
      addFieldError(errors, problem.path.slice(1).replaceAll('/', '.') || 'type', problem.message);
    if (Object.keys(errors).length > 0) return errors;
    const type = typeDefinition(definition);
    Object.assign(errors, fieldProblems(type.fields));
    const route = checkRoutePattern(type.route_pattern, type.hierarchical);
    if (route) addFieldError(errors, 'route_pattern', route);
    const known = new Set(builtinTaxonomies.map((taxonomy) => taxonomy.slug));
    type.taxonomies.forEach((slug, i) => {
      if (!known.has(slug))
        addFieldError(
          errors,
          `taxonomies.${i}`,
          `Plugins can use the taxonomies every site has, not ${slug}.`,
        );
    });
    return errors;
  },
  fields: (fields: readonly DeclaredField[]) => fieldProblems(fields),
  written: (fields) =>
    Array.isArray(fields)
      ? checkDefinitions(fields)
      : Object.assign(fieldErrors(), { fields: ['Must be a list of field definitions.'] }),
  values(fields, values, { isNew }) {
    const given = values !== null && typeof values === 'object' && !Array.isArray(values) ? values : {};
    const found = validateFieldValues(fields as FieldDefinition[], given as Record<string, unknown>, {
      isNew,
    });
    if (!found.ok) {
      // The engine names an entry's values `fields.<key>`; a plugin's form names them `<key>`.
      const errors = fieldErrors();
      for (const [path, messages] of Object.entries(found.errors))
        for (const message of messages) addFieldError(errors, path.replace(/^fields\./, ''), message);
      return { ok: false, errors };
    }
    return {
      ok: true,
      values: found.values,
      mediaIds: [...new Set(found.media.flatMap((refs) => refs.ids))],
      entryIds: [...new Set(found.relations.flatMap((refs) => refs.ids))],
    };
  },
};

/**
 * Brings a site's rows in line with the types its active plugins define: a type new to the site is
 * added, one whose definition changed (a plugin's new version) is rewritten. Values of fields a
 * version dropped stay in the entries. True when a row changed.
 */
export async function syncPluginTypes(
  repo: ContentTypesRepo,
  rows: readonly ContentType[],
  declared: ReadonlyArray<{ plugin: string; definition: ContentTypeDefinition }>,
): Promise<boolean> {
  let changed = false;
  const at = new Date().toISOString();
  for (const { plugin, definition } of declared) {
    const next = typeDefinition(definition);
    const row = rows.find((type) => type.slug === next.slug);
    if (!row) {
      await repo.insertOwned(next, plugin, at);
      changed = true;
    } else if (row.owner === plugin && canonicalJson(ownPart(row)) !== canonicalJson(next)) {
      await repo.update(row.id, next, at);
      changed = true;
    }
    // A row of the same slug that is not the plugin's: its activation was refused, and the site's own type stays.
  }
  return changed;
}

function ownPart(type: ContentType): ContentTypeInput {
  const { id, builtin, owner, plugin_fields, created_at, updated_at, ...definition } = type;
  return definition;
}

/** Refuses a plugin's activation where the site has a type of the same slug that is not the plugin's. */
export function typeSlugsFree(runtime: Runtime, host: PluginHost) {
  return async (plugin: string, site: Site): Promise<void> => {
    const wanted = [...host.contentTypeOwners()]
      .filter(([, owner]) => owner === plugin)
      .map(([slug]) => slug);
    if (wanted.length === 0) return;
    const rows = await new ContentTypesRepo(runtime.data.site(site.id)).all();
    const taken = rows
      .filter((row) => wanted.includes(row.slug) && row.owner !== plugin)
      .map((row) => row.slug);
    if (taken.length > 0)
      throw new Conflict(
        `${plugin} defines the content type ${taken.join(', ')}, which this site has of its own.`,
        'content_type_taken',
      );
  };
}

/**
 * An uninstalled plugin's fields leave every entry, published state and revision of every site;
 * its types stay, as the site's own, with their entries.
 */
export function contentUninstallStep(runtime: Runtime): UninstallStep {
  const perSite = async <T>(work: (repo: PluginValuesRepo) => Promise<T>) =>
    Promise.all(
      (await runtime.siteStore.list()).map((site) => work(new PluginValuesRepo(runtime.data.site(site.id)))),
    );
  return {
    async describe({ name, area }) {
      const entries = (await perSite((repo) => repo.countHolding(area))).reduce((a, b) => a + b, 0);
      const types = (await perSite((repo) => repo.countOwnedTypes(name))).reduce((a, b) => a + b, 0);
      return [
        ...(entries > 0
          ? [`its fields' values (${area}.*) in ${entries} entries, their published state and revisions`]
          : []),
        ...(types > 0
          ? [`${types} content type(s) it defined become the sites' own, their entries kept`]
          : []),
      ];
    },
    async remove({ name, area }) {
      await runtime.data.transaction(() =>
        perSite(async (repo) => {
          await repo.strip(area);
          await repo.releaseTypes(name);
        }),
      );
    },
  };
}

/**
 * The first segment of the public address of a type's entries: a literal one its route starts
 * with (`/products/{slug}`), or, for a route starting with the entry's path or slug (`/{path}`),
 * the entry's own first segment (null when it is not known: a date, an id).
 */
/**
 * First segments the public site answers itself (account pages, search, feeds, archives, files, the
 * admin and the API): an entry whose address starts with one would never be seen.
 */
export const SITE_OWN_SEGMENTS: ReadonlySet<string> = new Set([
  'account',
  'admin',
  'api',
  'category',
  'feed',
  'media',
  'page',
  'search',
  'tag',
  'theme',
]);

export function leadingSegment(
  routePattern: string,
  path: string | null,
): { literal: boolean; segment: string | null } {
  const first = routePattern.split('/')[1] ?? '';
  if (first === '{path}' || first === '{slug}')
    return { literal: false, segment: path === null ? null : (path.split('/')[0] ?? null) };
  if (first.startsWith('{')) return { literal: false, segment: null };
  return { literal: true, segment: first };
}

/**
 * Refuses a plugin's activation where entries of the site live at addresses its pages claim
 * (`/shop/...`): the site's page there would be hidden by the plugin's, or the other way round.
 */
export function pagePrefixesFree(runtime: Runtime, host: PluginHost) {
  return async (plugin: string, site: Site): Promise<void> => {
    const prefixes = [
      ...new Set(
        host
          .allPages()
          .filter((page) => page.plugin === plugin)
          .map((page) => page.prefix),
      ),
    ];
    if (prefixes.length === 0) return;
    const db = runtime.data.site(site.id);
    const types = await new ContentTypesRepo(db).all();
    const values = new PluginValuesRepo(db);
    for (const prefix of prefixes) {
      const literal = types.filter((type) => leadingSegment(type.route_pattern, null).segment === prefix);
      const byPath = types.filter(
        (type) =>
          !leadingSegment(type.route_pattern, null).literal && /^\/\{(path|slug)\}/.test(type.route_pattern),
      );
      const found = [
        ...(await values.titlesAt(
          literal.map((type) => type.id),
          null,
        )),
        ...(await values.titlesAt(
          byPath.map((type) => type.id),
          prefix,
        )),
      ];
      if (found.length > 0)
        throw new Conflict(
          `${plugin}'s pages live under /${prefix}, where this site has entries (${found.slice(0, 3).join(', ')}): move them first.`,
          'plugin_path_taken',
        );
    }
  };
}
