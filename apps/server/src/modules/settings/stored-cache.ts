import { inOpenTransaction } from '../../core/db/transaction-routing.js';
import type { Runtime } from '../../core/runtime.js';
import { SettingsRepo, type StoredSetting } from './repo.js';

/**
 * Each site's stored settings, read once and kept until a change of them: a public page reads the
 * general, reading and design groups several times while it renders, each a query before. A change
 * forgets the site's copy in every process (the `settings` cache of runtime.caches), after its
 * commit. Reads inside an open transaction go to the database, so nothing uncommitted is kept.
 */
class StoredSettings {
  private readonly sites = new Map<number, Promise<StoredSetting[]>>();

  constructor(private readonly runtime: Runtime) {
    runtime.caches.register(
      'settings',
      () => this.sites.clear(),
      (siteId) => this.sites.delete(siteId as number),
    );
  }

  async of(siteId: number, group: string): Promise<StoredSetting[]> {
    if (inOpenTransaction()) return new SettingsRepo(this.runtime.data.site(siteId)).list(group);
    let all = this.sites.get(siteId);
    if (!all) {
      all = new SettingsRepo(this.runtime.data.site(siteId)).list().catch((error: unknown) => {
        this.sites.delete(siteId);
        throw error;
      });
      if (this.sites.size < 10_000) this.sites.set(siteId, all);
    }
    return (await all).filter((row) => row.group_name === group);
  }
}

const caches = new WeakMap<Runtime, StoredSettings>();

export function storedSettingsOf(runtime: Runtime): StoredSettings {
  let cache = caches.get(runtime);
  if (!cache) {
    cache = new StoredSettings(runtime);
    caches.set(runtime, cache);
  }
  return cache;
}
