import { fieldDiff, recordActivity } from '../../core/activity/record.js';
import { bumpCacheEpoch } from '../../core/cache/cache-epoch.js';
import { afterCommit } from '../../core/db/transaction-routing.js';
import { type FieldErrors, NotFound, ValidationFailed } from '../../core/errors.js';
import { emitSiteEvent } from '../../core/events/site-events.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import {
  fitsSetting,
  mergeChange,
  problemsOfChange,
  type SettingsGroup,
  type SettingsGroups,
} from '../../core/settings/settings-registry.js';
import type { Site } from '../../core/sites/site.js';
import { SiteStore } from '../../core/sites/site-store.js';
import { requirePermission } from '../identity/actor.js';
import { type SettingsGroupSchemaView, schemaOfGroup } from './group-schema.js';
import { SettingsRepo, type StoredSetting } from './repo.js';
import { prepareSettings } from './setup.js';
import { storedSettingsOf } from './stored-cache.js';

/** A group's values as the API shows them: each secret replaced by whether it is set. */
export type SettingsView = Record<string, unknown>;

/** Changes by group, as `PUT /api/settings` takes them. */
export type SettingsChanges = Record<string, Record<string, unknown>>;

/**
 * Keys of general that are the site's own fields (site resolution and the public API read them
 * from the site): read from and written to the site row, never stored as settings.
 */
const SITE_FIELDS: Record<string, Record<string, 'defaultLocale' | 'locales'>> = {
  general: { default_locale: 'defaultLocale', enabled_locales: 'locales' },
};

/**
 * A site's settings: each registered group's defaults (site-dependent ones included), overlaid
 * with the values stored for the site. Updates merge the keys given and are recorded in the
 * activity log, secrets redacted. Server code reads typed values through `settingsOf`.
 */
export class SettingsService {
  constructor(private readonly runtime: Runtime) {
    prepareSettings(runtime);
  }

  async all(ctx: OperationContext): Promise<Record<string, SettingsView>> {
    const { actor } = ctx;
    requirePermission(actor, 'settings.view');
    const stored = await new SettingsRepo(this.runtime.data.site(actor.site.id)).list();
    const views: Record<string, SettingsView> = {};
    for (const group of this.listed(actor.site)) {
      views[group.name] = this.view(group, this.valuesOf(group, actor.site, stored));
    }
    return views;
  }

  /** Each group's schema, for a form built from it; the same groups as `all`. */
  async schemas(ctx: OperationContext): Promise<Record<string, SettingsGroupSchemaView>> {
    requirePermission(ctx.actor, 'settings.view');
    return Object.fromEntries(this.listed(ctx.actor.site).map((group) => [group.name, schemaOfGroup(group)]));
  }

  /** Every group but those of installed plugins inactive on the site: their settings are not shown there. */
  private listed(site: Site) {
    const plugins = pluginsOf(this.runtime);
    return this.runtime.settings
      .all()
      .filter((group) => !plugins.isInstalled(group.owner) || plugins.isActive(group.owner, site.id));
  }

  async group(ctx: OperationContext, name: string): Promise<SettingsView> {
    const { actor } = ctx;
    requirePermission(actor, 'settings.view');
    const group = this.find(name);
    const stored = await new SettingsRepo(this.runtime.data.site(actor.site.id)).list(group.name);
    return this.view(group, this.valuesOf(group, actor.site, stored));
  }

  /** PUT /api/settings/{group}: merges the keys given; 404 for an unknown group. */
  async updateGroup(
    ctx: OperationContext,
    name: string,
    changes: Record<string, unknown>,
  ): Promise<SettingsView> {
    const group = this.find(name);
    const views = await this.update(ctx, { [group.name]: changes });
    return views[group.name] ?? {};
  }

  /**
   * Merges the keys given in each group, all groups in one transaction: every problem of every
   * group is reported at once (422, keyed `<group>.<key>`) and nothing is written unless all pass.
   */
  async update(ctx: OperationContext, changes: SettingsChanges): Promise<Record<string, SettingsView>> {
    const { actor } = ctx;
    requirePermission(actor, 'settings.edit');
    const fields: FieldErrors = {};
    const groups: Array<[SettingsGroup, Record<string, unknown>]> = [];
    for (const [name, groupChanges] of Object.entries(changes)) {
      const group = this.runtime.settings.get(name);
      if (!group) fields[name] = ['Unknown settings group.'];
      else {
        Object.assign(fields, problemsOfChange(group, groupChanges));
        groups.push([group, groupChanges]);
      }
    }
    if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
    for (const [group, groupChanges] of groups)
      for (const key of Object.keys(groupChanges)) {
        const permission = group.guarded[key];
        if (permission) requirePermission(actor, permission);
      }

    const siteId = actor.site.id;
    let siteChanged = false;
    const views = await this.runtime.data.transaction(async (tx) => {
      const store = new SiteStore(tx.global);
      const site = (await store.findById(siteId)) ?? actor.site;
      const repo = new SettingsRepo(tx.site(siteId));
      const stored = await repo.list();
      const planned = groups.map(([group, sent]) => {
        const before = this.valuesOf(group, site, stored);
        const groupChanges = mergeChange(group, before, sent);
        const after = { ...before, ...groupChanges };
        for (const [key, messages] of Object.entries(group.check(after)))
          fields[`${group.name}.${key}`] = messages;
        return { group, groupChanges, before, after };
      });
      if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);

      const at = new Date().toISOString();
      const result: Record<string, SettingsView> = {};
      for (const { group, groupChanges, before, after } of planned) {
        const changed = Object.keys(groupChanges).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]) || group.secrets.has(key),
        );
        const siteFields = SITE_FIELDS[group.name] ?? {};
        for (const key of changed) {
          const field = siteFields[key];
          if (field === 'defaultLocale')
            await store.update(siteId, { defaultLocale: String(after[key]) }, at);
          else if (field === 'locales') await store.update(siteId, { locales: after[key] as string[] }, at);
          else await this.store(repo, group, key, after[key], at);
          if (field) siteChanged = true;
        }
        const diff = this.diff(group, before, after, changed);
        if (Object.keys(diff).length > 0) {
          await recordActivity(tx, siteId, {
            userId: actor.userId,
            action: 'settings.updated',
            subjectType: 'settings',
            subjectId: group.name,
            ip: actor.ip,
            details: { group: group.name, changes: diff },
          });
        }
        // Secrets in `after` are plaintext just sent or sealed ones kept: the view shows neither.
        result[group.name] = this.view(group, after);
      }
      const changedGroups = planned
        .filter(({ before, after }) => JSON.stringify(before) !== JSON.stringify(after))
        .map(({ group }) => group.name);
      // Pages, feeds and integrations follow settings too (a title, a reading option): never values.
      if (changedGroups.length > 0) await emitSiteEvent(ctx, 'settings.updated', { groups: changedGroups });
      // The site's own fields or its settings changed: instances sharing the database without a
      // Redis channel drop their cached sites and settings at their next poll.
      if (siteChanged || changedGroups.length > 0) await bumpCacheEpoch(tx.global);
      return result;
    });
    if (siteChanged) void this.runtime.caches.clear('sites');
    // Once committed (an outer transaction may still be open), every process reads them afresh.
    await afterCommit(() => this.runtime.caches.forget('settings', siteId));
    return views;
  }

  /** Typed values of a group for server code, secrets opened. */
  async read<G extends keyof SettingsGroups & string>(site: Site, name: G): Promise<SettingsGroups[G]> {
    const group = this.find(name);
    const stored = await storedSettingsOf(this.runtime).of(site.id, group.name);
    const values = this.valuesOf(group, site, stored);
    for (const key of group.secrets) {
      const sealed = values[key];
      values[key] = typeof sealed === 'string' ? this.open(group, key, sealed) : null;
    }
    return values as SettingsGroups[G];
  }

  private find(name: string): SettingsGroup {
    const group = this.runtime.settings.get(name);
    if (!group) throw new NotFound(`Settings group "${name}"`, 'settings_group_not_found');
    return group;
  }

  /** Defaults, then site-dependent defaults, then stored values that still fit (secrets stay sealed). */
  private valuesOf(
    group: SettingsGroup,
    site: Site,
    stored: readonly StoredSetting[],
  ): Record<string, unknown> {
    const values: Record<string, unknown> = { ...group.defaults, ...group.siteDefaults(site) };
    for (const row of stored) {
      if (row.group_name !== group.name || SITE_FIELDS[group.name]?.[row.key]) continue;
      const value = parseStored(row.value);
      if (value !== undefined && fitsSetting(group, row.key, value)) values[row.key] = value;
    }
    return values;
  }

  private async store(repo: SettingsRepo, group: SettingsGroup, key: string, value: unknown, at: string) {
    if (group.secrets.has(key)) {
      if (value === null) await repo.remove(group.name, key);
      else await repo.put(group.name, key, JSON.stringify(this.runtime.secrets.seal(String(value))), at);
      return;
    }
    await repo.put(group.name, key, JSON.stringify(value), at);
  }

  private view(group: SettingsGroup, values: Record<string, unknown>): SettingsView {
    const view: SettingsView = {};
    for (const key of Object.keys(group.schema.properties)) {
      view[key] = group.secrets.has(key) ? { set: typeof values[key] === 'string' } : (values[key] ?? null);
    }
    return view;
  }

  /** What the activity log keeps of a change: values for plain keys, only that a secret changed. */
  private diff(
    group: SettingsGroup,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    changed: readonly string[],
  ): Record<string, [unknown, unknown]> {
    const plain = changed.filter((key) => !group.secrets.has(key));
    const diff = fieldDiff(
      Object.fromEntries(plain.map((key) => [key, before[key]])),
      Object.fromEntries(plain.map((key) => [key, after[key]])),
    );
    for (const key of changed.filter((k) => group.secrets.has(k))) {
      const wasSet = typeof before[key] === 'string';
      const isSet = typeof after[key] === 'string';
      if (wasSet || isSet) diff[key] = [wasSet ? '[redacted]' : null, isSet ? '[redacted]' : null];
    }
    return diff;
  }

  private open(group: SettingsGroup, key: string, sealed: string): string | null {
    try {
      return this.runtime.secrets.open(sealed);
    } catch (error) {
      // Another SECRET_KEY sealed it: the secret must be entered again; the rest of the group still reads.
      this.runtime.log.warn(
        { err: error, setting: `${group.name}.${key}` },
        'a stored secret setting does not open',
      );
      return null;
    }
  }
}

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Typed settings of a site for other modules: `await settingsOf(runtime, site, 'general')`. */
export function settingsOf<G extends keyof SettingsGroups & string>(
  runtime: Runtime,
  site: Site,
  group: G,
): Promise<SettingsGroups[G]> {
  return new SettingsService(runtime).read(site, group);
}
