import type { MenuLink } from '@tessera/blocks';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import type { Content } from '../../content/content.js';
import { type MenuItemRow, MenusRepo } from './repo.js';
import { type MenuItemView, treeOf } from './service.js';

/** What the public site shows of a site's menus: each location's links, and the entries they name. */
export interface SiteMenus {
  byLocation: Readonly<Record<string, readonly MenuLink[]>>;
  /** Entries linked: a page showing the menus goes stale when one of them changes (cache tags). */
  entryIds: readonly number[];
}

const NONE: SiteMenus = { byLocation: {}, entryIds: [] };

/**
 * The menus of the locations, with their links resolved for visitors: an entry's current address
 * and title (an entry that is not published is left out, with what is under it), a term's archive,
 * an address as given. Kept per site until a menu, an entry or a term changes (the 'menus' cache):
 * rendering a page does not query them again.
 */
export class SiteMenusResolver {
  private readonly resolved = new Map<number, Promise<SiteMenus>>();

  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
  ) {
    runtime.caches.register(
      'menus',
      () => this.resolved.clear(),
      (siteId) => this.resolved.delete(siteId as number),
    );
  }

  forSite(site: Site): Promise<SiteMenus> {
    let found = this.resolved.get(site.id);
    if (!found) {
      found = this.resolve(site).catch((error) => {
        this.resolved.delete(site.id);
        throw error;
      });
      // A small, bounded map: one entry per site.
      if (this.resolved.size < 10_000) this.resolved.set(site.id, found);
    }
    return found;
  }

  private async resolve(site: Site): Promise<SiteMenus> {
    const repo = new MenusRepo(this.runtime.data.site(site.id));
    const { menus, items } = await repo.located();
    if (menus.length === 0) return NONE;
    const entryIds = [...new Set(items.flatMap((item) => (item.entry_id === null ? [] : [item.entry_id])))];
    const entries = new Map(
      (await this.content.published.items(site, entryIds)).map((entry) => [entry.id, entry]),
    );
    const terms = await repo.terms(items.flatMap((item) => (item.term_id === null ? [] : [item.term_id])));
    const link = (item: MenuItemView): MenuLink | null => {
      let url = item.url;
      let title = '';
      if (item.kind === 'entry') {
        const entry = item.entry_id === null ? undefined : entries.get(item.entry_id);
        if (!entry) return null;
        url = entry.url;
        title = entry.title;
      } else if (item.kind === 'term') {
        const term = item.term_id === null ? undefined : terms.get(item.term_id);
        if (!term) return null;
        url = `/${term.taxonomy}/${term.slug}`;
        title = term.name;
      }
      if (!url) return null;
      return {
        label: item.label || title,
        url,
        target: item.target === '_blank' ? '_blank' : '_self',
        rel: item.rel,
        className: item.css_class,
        children: item.children.flatMap((child) => link(child) ?? []),
      };
    };
    const byMenu = new Map<number, MenuItemRow[]>();
    for (const item of items) byMenu.set(item.menu_id, [...(byMenu.get(item.menu_id) ?? []), item]);
    const byLocation: Record<string, MenuLink[]> = {};
    for (const menu of menus)
      if (menu.location)
        byLocation[menu.location] = treeOf(byMenu.get(menu.id) ?? []).flatMap((item) => link(item) ?? []);
    return { byLocation, entryIds };
  }
}
