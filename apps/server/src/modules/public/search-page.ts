import { createElement as h } from 'react';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { SearchService } from '../search/service.js';
import { settingsOf } from '../settings/service.js';
import type { PageAnswer } from './answer.js';
import { type BlockData, dateFormat } from './block-data.js';
import type { DocumentFrames } from './document-frame.js';

/** The search results page: `q` through the search API's engine, paged like the lists. */
export class SearchPage {
  constructor(
    private readonly runtime: Runtime,
    private readonly searching: SearchService,
    private readonly blockData: BlockData,
    private readonly frames: DocumentFrames,
  ) {}

  async results(site: Site, origin: string, q: string, page: number): Promise<PageAnswer> {
    const frame = await this.frames.frameOf(site, origin);
    const words = q.trim().slice(0, 200);
    const limit = (await settingsOf(this.runtime, site, 'reading')).posts_per_page;
    const found = words
      ? await this.searching.search(visitorContext(this.runtime, site), {
          q: words,
          page,
          limit,
        })
      : { items: [], total: 0 };
    const pages = Math.max(1, Math.ceil(found.total / limit));
    const at = (n: number) => `/search?q=${encodeURIComponent(words)}${n > 1 ? `&page=${n}` : ''}`;
    const heading = words ? frame.strings.resultsFor(words, found.total) : frame.strings.search;
    const date = dateFormat(frame.lang, await this.blockData.timeZone(site));
    return this.frames.framePage(site, frame, {
      kind: 'search',
      entry: null,
      status: 200,
      head: { title: heading, description: '', canonical: null, type: 'website', image: null, noindex: true },
      body: h(frame.layouts.search, {
        query: words,
        strings: frame.strings,
        list: {
          heading,
          strings: words ? frame.strings : { ...frame.strings, noPosts: '' },
          paging: {
            page,
            pages,
            newer: page > 1 ? at(page - 1) : null,
            older: page < pages ? at(page + 1) : null,
          },
          items: found.items.map((item) => ({
            title: item.title,
            url: item.url,
            excerpt: item.excerpt,
            meta: frame.strings.published(date.format(new Date(item.published_at))),
          })),
        },
      }),
      tags: [],
    });
  }
}
