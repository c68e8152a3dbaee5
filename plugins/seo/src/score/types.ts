export type CheckStatus = 'good' | 'improve' | 'problem';

export interface ScoreInput {
  /**
   * The SEO title as it will show in results (the template already applied), and the entry's own
   * title in `entryTitle` when it differs.
   */
  title: string;
  /** The entry's own title, before the template: the duplicate check compares it too. */
  entryTitle?: string;
  /** The meta description as it will be sent (may be empty: then it falls back to the excerpt). */
  description: string;
  slug: string;
  /** The focus keyphrase; empty: only `keyphrase_set` is listed, asking for one. */
  keyphrase: string;
  /** The entry's body as HTML (rich text and rendered blocks). */
  html: string;
  /** 'en', 'fr', or a region form ('fr-CA'): the language of the content; any other is measured as English. */
  contentLocale: string;
  /** The site's origin (https://example.com): links to it are internal, others outbound. */
  origin: string;
  /**
   * Titles and descriptions of the site's other entries (compared trimmed and lower-cased), for the
   * duplicate checks; without it those checks are not listed.
   */
  others?: { titles: readonly string[]; descriptions: readonly string[] };
}

/** The ids the admin shows; stable, part of the plugin's API. */
export type CheckId =
  | 'title_length'
  | 'description_length'
  | 'keyphrase_set'
  | 'keyphrase_in_title'
  | 'keyphrase_in_slug'
  | 'keyphrase_in_introduction'
  | 'keyphrase_in_subheading'
  | 'keyphrase_in_description'
  | 'keyphrase_density'
  | 'headings'
  | 'image_alt'
  | 'internal_links'
  | 'outbound_links'
  | 'content_length'
  | 'sentence_length'
  | 'paragraph_length'
  | 'readability'
  | 'duplicate_title'
  | 'duplicate_description';

export interface Check {
  id: CheckId;
  status: CheckStatus;
  /** One sentence in the editor's language: what is good, or what to do. */
  message: string;
}

export interface Score {
  /** 0 to 100: the weighted mean of the checks (good 1, improve 0.5, problem 0). */
  score: number;
  rating: CheckStatus;
  checks: Check[];
}
