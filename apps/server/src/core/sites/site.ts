/** How a site presents itself (admin and public): every field optional, null meaning "Tessera's own". */
export interface SiteBranding {
  /** Name shown in the admin and on the site; null shows the site's name. */
  name: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  /** Colours as lowercase `#rrggbb`. */
  primary_color: string | null;
  secondary_color: string | null;
  accent_color: string | null;
}

export const noBranding: SiteBranding = {
  name: null,
  logo_url: null,
  favicon_url: null,
  primary_color: null,
  secondary_color: null,
  accent_color: null,
};

export interface Site {
  id: number;
  handle: string;
  name: string;
  primary_domain: string;
  aliases: string[];
  default_locale: string;
  locales: string[];
  theme: string;
  branding: SiteBranding;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

/** The name a site shows in its admin and system mails: its white-label name, else its own. */
export function systemNameOf(site: Pick<Site, 'name' | 'branding'>): string {
  return site.branding.name ?? site.name;
}
