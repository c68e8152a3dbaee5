import { createElement as h } from 'react';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { PageAnswer } from './answer.js';
import type { PublishedEntry } from './block-data.js';
import type { DocumentFrames } from './document-frame.js';
import { headEntry } from './entry-head.js';
import type { SiteFrame } from './theme/layouts.js';
import type { PageRequest } from './visitor.js';

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * Who may read a published entry on the public site: `public` (the default) or `members`, which
     * shows visitors who are not signed in the theme's member-only notice (the members plugin).
     */
    'entry.access': [
      access: 'public' | 'members',
      entry: { id: number; type: string; title: string; url: string },
      visitor: { signedIn: boolean },
    ];
  }
}

/**
 * Whether a plugin reserves the entry for members (the `entry.access` filter answers `members`);
 * `public` when no plugin says otherwise.
 */
export async function entryAccess(
  runtime: Runtime,
  site: Site,
  found: PublishedEntry,
  request: PageRequest,
): Promise<'public' | 'members'> {
  if (!runtime.hooks.hasCallbacks('entry.access')) return 'public';
  const ctx = visitorContext(runtime, site);
  return ctx.hooks.applyFilters(
    'entry.access',
    'public',
    { id: found.row.id, type: found.type.slug, title: found.item.title, url: found.item.url },
    { signedIn: request.signedIn },
  );
}

/** The theme's member-only notice, in place of an entry reserved for members: 403, never shared. */
export async function memberNotice(
  frames: DocumentFrames,
  site: Site,
  frame: SiteFrame,
  found: PublishedEntry,
): Promise<PageAnswer> {
  const answer = await frames.framePage(site, frame, {
    kind: 'members_only',
    entry: headEntry(found, { author: null, trail: [], html: '' }),
    status: 403,
    head: {
      title: frame.strings.membersOnlyTitle,
      description: '',
      canonical: null,
      type: 'website',
      image: null,
      noindex: true,
    },
    body: h(frame.layouts.memberOnly, {
      title: found.item.title,
      strings: frame.strings,
      signInUrl: `/admin/login?next=${encodeURIComponent(found.item.url)}`,
    }),
    tags: [`entry:${found.row.id}`],
  });
  return { ...answer, personal: true };
}
