import { fieldDiff, recordActivity } from '../../core/activity/record.js';
import { bumpCacheEpoch } from '../../core/cache/cache-epoch.js';
import type { Data } from '../../core/db/data.js';
import { Conflict, type FieldErrors, Forbidden, NotFound } from '../../core/errors.js';
import type { Page } from '../../core/http/envelope.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { SiteStore } from '../../core/sites/site-store.js';
import { type Actor, requirePermission } from '../identity/actor.js';
import { identityOf } from '../identity/identity.js';
import { createDefaultRoles } from '../identity/roles/default-roles-provision.js';
import { handleOf } from './install-rules.js';
import {
  type BrandingInput as BrandingFields,
  type CheckedSite,
  checkHandle,
  checkSiteFields,
  newSiteBase,
  type SiteFieldsInput,
} from './site-rules.js';

export interface SiteCreateInput extends SiteFieldsInput {
  name: string;
  domain: string;
  /** Derived from the name when absent (with -2, -3... when taken). */
  handle?: string;
}

/**
 * The sites of the installation, managed by Super Admins from the API and by operators from the
 * CLI. A new site gets the default roles, default settings (a site without stored settings reads
 * the registered defaults) and the default theme, and nothing of another site. A disabled site's
 * hosts answer 404; its data stays. Site resolution learns of every change at once in this
 * process, and in others at their next cache-epoch poll.
 */
export class SitesService {
  constructor(private readonly runtime: Runtime) {
    identityOf(runtime);
  }

  async list(ctx: OperationContext, page: number, limit: number): Promise<Page<Site>> {
    const { actor } = ctx;
    requireSuperAdmin(actor, 'sites.view');
    const store = this.runtime.siteStore;
    return { items: await store.page((page - 1) * limit, limit), total: await store.count() };
  }

  async get(ctx: OperationContext, id: number): Promise<Site> {
    const { actor } = ctx;
    requireSuperAdmin(actor, 'sites.view');
    return this.find(this.runtime.siteStore, id);
  }

  /** A site by any of its domains, for operator commands that name sites by domain. */
  async getByDomain(ctx: OperationContext, domain: string): Promise<Site> {
    const { actor } = ctx;
    requireSuperAdmin(actor, 'sites.view');
    const site = await this.runtime.siteStore.findByDomain(domain.trim().toLowerCase());
    if (!site) throw new NotFound(`A site answering on ${domain}`);
    return site;
  }

  async create(ctx: OperationContext, input: SiteCreateInput): Promise<Site> {
    const { actor } = ctx;
    requireSuperAdmin(actor, 'sites.manage');
    const checked = checkSiteFields(newSiteBase(), input);
    if (input.handle !== undefined) checkHandle(input.handle);
    return this.change(async (tx, store) => {
      await assertDomainsFree(store, checked, null);
      const handle = await this.handleFor(store, input.handle, checked.name);
      const at = new Date().toISOString();
      const id = await store.insert({
        handle,
        name: checked.name,
        primaryDomain: checked.domain,
        aliases: checked.aliases,
        defaultLocale: checked.defaultLocale,
        locales: checked.locales,
        theme: 'default',
        branding: checked.branding,
        at,
      });
      await createDefaultRoles(tx, id);
      await recordActivity(tx, id, {
        userId: actor.userId,
        action: 'site.created',
        subjectType: 'site',
        subjectId: id,
        ip: actor.ip,
        details: { name: checked.name, handle, domain: checked.domain, aliases: checked.aliases },
      });
      return this.find(store, id);
    });
  }

  async update(ctx: OperationContext, id: number, input: SiteFieldsInput): Promise<Site> {
    const { actor } = ctx;
    requireSuperAdmin(actor, 'sites.manage');
    return this.change(async (tx, store) => {
      const site = await this.find(store, id);
      const before = checkedOf(site);
      const after = checkSiteFields(before, input);
      const diff = fieldDiff(auditable(before), auditable(after));
      if (Object.keys(diff).length === 0) return site;
      if (diff.domain || diff.aliases) {
        await assertDomainsFree(store, after, id);
        await store.replaceDomains(id, after.domain, after.aliases);
      }
      await store.update(
        id,
        {
          name: after.name,
          defaultLocale: after.defaultLocale,
          locales: after.locales,
          branding: after.branding,
        },
        new Date().toISOString(),
      );
      await recordActivity(tx, id, {
        userId: actor.userId,
        action: 'site.updated',
        subjectType: 'site',
        subjectId: id,
        ip: actor.ip,
        details: diff,
      });
      return this.find(store, id);
    });
  }

  /** Disables or enables a site; doing what is already so changes and records nothing. */
  async setEnabled(ctx: OperationContext, id: number, enabled: boolean): Promise<Site> {
    const { actor } = ctx;
    requireSuperAdmin(actor, 'sites.manage');
    return this.change(async (tx, store) => {
      const site = await this.find(store, id);
      if (site.enabled === enabled) return site;
      // With no enabled site left no host would reach the API, and the sites could only come back from the CLI.
      if (!enabled && (await store.count({ enabledOnly: true })) <= 1) {
        throw new Conflict('The last enabled site cannot be disabled.', 'last_enabled_site');
      }
      await store.update(id, { enabled }, new Date().toISOString());
      await recordActivity(tx, id, {
        userId: actor.userId,
        action: enabled ? 'site.enabled' : 'site.disabled',
        subjectType: 'site',
        subjectId: id,
        ip: actor.ip,
        details: { domain: site.primary_domain },
      });
      return this.find(store, id);
    });
  }

  /**
   * Runs a change in one transaction that also moves the cache epoch (other processes drop their
   * cached hosts at their next poll), then clears this process's site directory after commit, so
   * the very next request resolves hosts against the new state.
   */
  /**
   * White-label (spec 1) by the site's own administrators: its branding, and nothing else of the
   * site (domains and locales stay with Super Admins).
   */
  async updateBranding(ctx: OperationContext, input: BrandingFields): Promise<Site> {
    const { actor } = ctx;
    requirePermission(actor, 'branding.manage');
    const id = actor.site.id;
    return this.change(async (tx, store) => {
      const site = await this.find(store, id);
      const before = checkedOf(site);
      const after = checkSiteFields(before, { branding: input });
      const diff = fieldDiff(auditable(before), auditable(after));
      if (Object.keys(diff).length === 0) return site;
      await store.update(id, { branding: after.branding }, new Date().toISOString());
      await recordActivity(tx, id, {
        userId: actor.userId,
        action: 'site.branding_updated',
        subjectType: 'site',
        subjectId: id,
        ip: actor.ip,
        details: diff,
      });
      return this.find(store, id);
    });
  }

  private async change(work: (tx: Data, store: SiteStore) => Promise<Site>): Promise<Site> {
    const site = await this.runtime.data.transaction(async (tx) => {
      const result = await work(tx, new SiteStore(tx.global));
      await bumpCacheEpoch(tx.global);
      return result;
    });
    void this.runtime.caches.clear('sites');
    return site;
  }

  private async handleFor(store: SiteStore, requested: string | undefined, name: string): Promise<string> {
    if (requested !== undefined) {
      if (await store.handleTaken(requested))
        throw new Conflict(`The handle "${requested}" is taken.`, 'handle_taken', {
          handle: ['Is already taken.'],
        });
      return requested;
    }
    const base = handleOf(name);
    let handle = base;
    for (let n = 2; await store.handleTaken(handle); n++) {
      const suffix = `-${n}`;
      handle = `${base.slice(0, 63 - suffix.length)}${suffix}`;
    }
    return handle;
  }

  private async find(store: SiteStore, id: number): Promise<Site> {
    const site = await store.findById(id);
    if (!site) throw new NotFound('Site');
    return site;
  }
}

/**
 * Sites span the installation, so only a Super Admin manages them: a custom role holding
 * sites.manage on one site must not reach the others. The permission is checked too, so a Super
 * Admin's token narrowed to less cannot.
 */
function requireSuperAdmin(actor: Actor, permission: string): void {
  requirePermission(actor, permission);
  if (!actor.access.isSuperAdmin)
    throw new Forbidden('Only a Super Admin can manage sites.', 'super_admin_only');
}

/** 409 per field for a domain or alias another site answers on. */
async function assertDomainsFree(store: SiteStore, site: CheckedSite, siteId: number | null): Promise<void> {
  const fields: FieldErrors = {};
  const hosts: Array<[string, string]> = [
    ['domain', site.domain],
    ...site.aliases.map((alias, index): [string, string] => [`aliases.${index}`, alias]),
  ];
  for (const [field, host] of hosts) {
    const owner = await store.ownerOfDomain(host);
    if (owner !== null && owner !== siteId) fields[field] = [`Another site already answers on ${host}.`];
  }
  if (Object.keys(fields).length > 0)
    throw new Conflict('A domain is already used by another site.', 'domain_taken', fields);
}

function checkedOf(site: Site): CheckedSite {
  return {
    name: site.name,
    domain: site.primary_domain,
    aliases: site.aliases,
    defaultLocale: site.default_locale,
    locales: site.locales,
    branding: site.branding,
  };
}

function auditable(site: CheckedSite): Record<string, unknown> {
  return {
    name: site.name,
    domain: site.domain,
    aliases: [...site.aliases].sort(),
    default_locale: site.defaultLocale,
    locales: site.locales,
    branding: site.branding,
  };
}
