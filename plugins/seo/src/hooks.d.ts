import type { PageHeadContext } from '@tessera/plugin';

declare module '@tessera/plugin' {
  interface FilterHooks {
    /**
     * The SEO plugin's structured data of a page, before it is written: add your own (a shop's
     * Product with its offers), or change what is there. Each document is a JSON-LD object with its
     * `@context`; at most 10 a page.
     */
    'seo.json_ld': [documents: Array<Record<string, unknown>>, page: PageHeadContext];
  }
}
