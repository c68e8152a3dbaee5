/** Where a widget shows: every page, the home page, entries (of some types) or lists; in some languages. */
export interface WidgetVisibility {
  show_on: 'everywhere' | 'home' | 'entries' | 'lists';
  /** With `entries`: only these content types; empty: all. */
  types: string[];
  /** Only in these languages; empty: all. */
  locales: string[];
}

/** Whether a widget shows on a page of this kind, type and language. */
export function widgetShows(
  visibility: WidgetVisibility,
  page: { kind: 'home' | 'entry' | 'list' | 'other'; type: string | null; locale: string },
): boolean {
  if (visibility.locales.length > 0 && !visibility.locales.includes(page.locale)) return false;
  switch (visibility.show_on) {
    case 'everywhere':
      return true;
    case 'home':
      return page.kind === 'home';
    case 'lists':
      return page.kind === 'list' || page.kind === 'home';
    case 'entries':
      return (
        page.kind === 'entry' && (visibility.types.length === 0 || visibility.types.includes(page.type ?? ''))
      );
  }
}
