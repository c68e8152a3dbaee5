export interface Site {
  id: number;
  handle: string;
  name: string;
  primary_domain: string;
  aliases: string[];
  default_locale: string;
  locales: string[];
  theme: string;
  settings: Record<string, unknown>;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}
