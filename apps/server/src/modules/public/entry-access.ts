import type { AccessAction, AccessEntry, AccessVisitor } from '@tessera/plugin';
import type { FastifyRequest } from 'fastify';
import { createElement as h } from 'react';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { accountPagesOpen } from '../accounts/pages-open.js';
import type { PageAnswer } from './answer.js';
import type { PublishedEntry } from './block-data.js';
import type { DocumentFrames } from './document-frame.js';
import { headEntry } from './entry-head.js';
import type { SiteFrame } from './theme/layouts.js';
import type { PageRequest } from './visitor.js';

/** Where an entry leaves the server: a plugin may answer differently (list it in sitemaps, say). */
export type AccessSurface = AccessVisitor['surface'];

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * Who may read a published entry: `public` (the default); `members`, readable by any visitor
     * signed in (others get the theme's notice, to sign in); `denied`, not readable by this visitor
     * (signed in without the plan it needs; not signed in, the notice asks them to sign in). Asked
     * first for an anonymous visitor: `public` then is everyone's answer (the page stays shared and
     * cached), so a plugin must never restrict more for a signed-in visitor than for an anonymous one.
     */
    'entry.access': [access: 'public' | 'members' | 'denied', entry: AccessEntry, visitor: AccessVisitor];
    /** The call to action of the notice shown instead of a restricted entry (null: signing in only). */
    'entry.notice': [action: AccessAction | null, entry: AccessEntry, visitor: AccessVisitor];
  }
}

/**
 * What a visitor gets of an entry: all of it (`read`), or its teaser because they are not signed in
 * (`sign_in`) or lack what the entry needs (`plan`).
 */
export type AccessVerdict = 'read' | 'sign_in' | 'plan';

export const ANONYMOUS_READER: AccessVisitor = { signedIn: false, accountId: null, surface: 'page' };

export function accessEntry(found: PublishedEntry): AccessEntry {
  return {
    id: found.row.id,
    type: found.type.slug,
    title: found.item.title,
    url: found.item.url,
    locale: found.row.locale,
  };
}

/**
 * The verdict for one entry and visitor, from the plugins' `entry.access` callbacks; `read` when
 * no plugin listens. Every surface where entries leave the server asks here.
 */
export async function accessVerdict(
  runtime: Runtime,
  site: Site,
  entry: AccessEntry,
  visitor: AccessVisitor,
): Promise<AccessVerdict> {
  if (!runtime.hooks.hasCallbacks('entry.access')) return 'read';
  const access = await visitorContext(runtime, site).hooks.applyFilters(
    'entry.access',
    'public',
    entry,
    visitor,
  );
  if (access === 'public') return 'read';
  if (!visitor.signedIn) return 'sign_in';
  return access === 'members' ? 'read' : 'plan';
}

/**
 * A page's verdict: asked for an anonymous visitor first, so a public entry never reads the
 * visitor's session (which would make the page theirs alone, uncached); only a restricted entry
 * asks again with who is signed in. An administrator's session on the site reads everything.
 */
export async function pageVerdict(
  runtime: Runtime,
  site: Site,
  found: PublishedEntry,
  request: PageRequest,
): Promise<{ verdict: AccessVerdict; reader: AccessVisitor; restricted: boolean }> {
  const entry = accessEntry(found);
  const anonymous = await accessVerdict(runtime, site, entry, ANONYMOUS_READER);
  const restricted = anonymous !== 'read';
  if (!restricted || request.signedIn) return { verdict: 'read', reader: ANONYMOUS_READER, restricted };
  const visitor = request.visitor ? await request.visitor() : null;
  if (!visitor?.accountId) return { verdict: anonymous, reader: ANONYMOUS_READER, restricted };
  const reader: AccessVisitor = { signedIn: true, accountId: visitor.accountId, surface: 'page' };
  return { verdict: await accessVerdict(runtime, site, entry, reader), reader, restricted };
}

/** The notice's call to action, from the plugins' `entry.notice` callbacks (null: none). */
async function noticeAction(
  runtime: Runtime,
  site: Site,
  entry: AccessEntry,
  visitor: AccessVisitor,
): Promise<AccessAction | null> {
  if (!runtime.hooks.hasCallbacks('entry.notice')) return null;
  const action = await visitorContext(runtime, site).hooks.applyFilters('entry.notice', null, entry, visitor);
  // Only a label and a path of the site, or an http(s) address: never a script's.
  if (
    !action ||
    typeof action.label !== 'string' ||
    action.label.trim() === '' ||
    typeof action.url !== 'string' ||
    !/^(\/(?!\/)|https?:\/\/)/.test(action.url)
  )
    return null;
  return { label: action.label.slice(0, 100), url: action.url };
}

/**
 * The theme's notice in place of a restricted entry: its title and teaser (the entry's excerpt),
 * why the visitor cannot read it, signing in or the plugin's call to action. 403, never shared.
 */
export async function accessNotice(
  runtime: Runtime,
  frames: DocumentFrames,
  site: Site,
  frame: SiteFrame,
  found: PublishedEntry,
  verdict: Exclude<AccessVerdict, 'read'>,
  reader: AccessVisitor,
): Promise<PageAnswer> {
  const action = await noticeAction(runtime, site, accessEntry(found), reader);
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
      teaser: found.item.excerpt,
      reason: verdict,
      strings: frame.strings,
      // Only where the site's account pages answer (registration on, or accounts made before).
      signInUrl:
        verdict === 'sign_in' && (await accountPagesOpen(runtime, site))
          ? `/account/sign-in?next=${encodeURIComponent(found.item.url)}`
          : null,
      action,
    }),
    tags: [`entry:${found.row.id}`],
  });
  return { ...answer, personal: true };
}

/**
 * Whether the visitor making `request` may read the entry (its comment form posts only then): any
 * visitor for a public entry, else the signed-in account the plugins let read it.
 */
export async function visitorReads(
  runtime: Runtime,
  site: Site,
  found: PublishedEntry,
  request: FastifyRequest,
): Promise<boolean> {
  const entry = accessEntry(found);
  if ((await accessVerdict(runtime, site, entry, ANONYMOUS_READER)) === 'read') return true;
  const visitor = await visitorSessionsOf(runtime).read(request);
  if (!visitor?.accountId) return false;
  const reader: AccessVisitor = { signedIn: true, accountId: visitor.accountId, surface: 'page' };
  return (await accessVerdict(runtime, site, entry, reader)) === 'read';
}
