import { useTranslation } from 'react-i18next';
import { useReadableTypes } from '../content/types.js';
import { useLinkedEntries, useLinkedTerms } from './linked.js';
import type { MenuItem } from './queries.js';

/** What the tree shows of an item: its name, what it links to, and why the site may not show it. */
export interface ItemDescription {
  name: string;
  detail: string;
  warning: string | null;
}

function linkedEntries(items: readonly MenuItem[]): Array<{ id: number; type: string | null }> {
  return items.flatMap((item) => [
    ...(item.entry_id === null ? [] : [{ id: item.entry_id, type: item.entry_type }]),
    ...linkedEntries(item.children),
  ]);
}

/**
 * Names the items of a menu: its own label, else the title of the entry or the name of the term
 * it links to (as the site does), with the link's target and whether visitors will see it.
 */
export function useItemDescriptions(items: readonly MenuItem[]): (item: MenuItem) => ItemDescription {
  const { t } = useTranslation();
  const entries = useLinkedEntries(linkedEntries(items));
  const terms = useLinkedTerms();
  const types = useReadableTypes();
  return (item) => {
    const tab = item.target === '_blank' ? ` · ${t('appearance.menus.opensNewTab')}` : '';
    if (item.kind === 'entry' && item.entry_id !== null) {
      const entry = entries.get(item.entry_id);
      if (entry === undefined)
        return { name: item.label || t('app.loading'), detail: t('app.loading'), warning: null };
      if (entry === null)
        return {
          name: item.label || t('appearance.menus.entryMissing', { id: item.entry_id }),
          detail: t('appearance.menus.entryMissing', { id: item.entry_id }),
          warning: t('appearance.menus.hidden'),
        };
      const type = types.find((each) => each.slug === entry.type)?.singular ?? entry.type;
      return {
        name: item.label || entry.title || t('dashboard.untitled'),
        detail: `${type}: ${entry.url}${tab}`,
        warning: entry.trashed || entry.status !== 'published' ? t('appearance.menus.unpublished') : null,
      };
    }
    if (item.kind === 'term' && item.term_id !== null) {
      const term = terms.get(item.term_id);
      return {
        name: item.label || term?.name || t('appearance.menus.termMissing', { id: item.term_id }),
        detail: term
          ? `${term.taxonomy}: ${term.name}${tab}`
          : t('appearance.menus.termMissing', { id: item.term_id }),
        warning: null,
      };
    }
    return { name: item.label || item.url || '', detail: `${item.url ?? ''}${tab}`, warning: null };
  };
}
