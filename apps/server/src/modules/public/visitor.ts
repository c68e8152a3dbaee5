import type { FormState } from '@tessera/blocks';

/** What the public site knows of the request a page is rendered for. */
export interface PageRequest {
  /** `?page=N` of a page with a paged content list; 1 otherwise. */
  page: number;
  /** A signed-in user of the site is looking (a session or token came with the request). */
  signedIn: boolean;
  userAgent: string;
  /** The outcome of a form block's submission, shown on the page the visitor comes back to. */
  form?: { blockId: string; state: FormState };
}

export const ANONYMOUS_REQUEST: PageRequest = { page: 1, signedIn: false, userAgent: '' };

/**
 * The broad class of device a user agent names, for conditional blocks: tablets first (an iPad or
 * an Android tablet also says "Mobile" in some browsers' strings), then phones, else a desktop.
 */
export function deviceOf(userAgent: string): 'desktop' | 'tablet' | 'mobile' {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile|Windows Phone/i.test(userAgent))
    return 'mobile';
  return 'desktop';
}
