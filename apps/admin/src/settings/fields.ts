/**
 * How the core's settings groups are laid out, beyond what their schemas say (GET
 * /api/settings/schemas gives the inputs, bounds and choices): fieldsets, keys shown only when
 * another makes them matter, and translation keys that do not follow `settings.label.<group>.<key>`.
 * Each entry is by key path (`orphans`, `colors`); a nested object's entry reaches its keys.
 */
export interface Presentation {
  /** Translation key of the fieldset the field (or every key of the object) goes in. */
  section?: string;
  /** For a nested object: the translation keys of its keys' labels are `<labels>.<key>`. */
  labels?: string;
  /** The translation keys of the choices are `<options>.<value>`; else `settings.option.<group>.<path>`. */
  options?: string;
  /** How much a number with decimals changes by with the arrows. */
  step?: number;
  shown?: (values: Record<string, unknown>) => boolean;
}

const limits = { section: 'settings.section.limits' };
const images = { section: 'settings.section.images' };
const moderation = { section: 'settings.section.moderation' };
const spam = { section: 'settings.section.spam' };
const stock = { section: 'settings.section.stock' };
const typeface = { section: 'settings.section.type' };
const shapes = { section: 'settings.section.shapes' };
const font = { ...typeface, options: 'settings.option.design.font' };

const PRESENTATION: Record<string, Record<string, Presentation>> = {
  reading: { front_page_id: { shown: (values) => values.show_on_front === 'page' } },
  discussion: {
    moderation,
    max_links: moderation,
    min_seconds: spam,
    blocked_words: spam,
    blocked_ips: spam,
    blocked_email_domains: spam,
  },
  media: {
    max_image_bytes: limits,
    max_video_bytes: limits,
    max_audio_bytes: limits,
    max_document_bytes: limits,
    max_archive_bytes: limits,
    max_image_megapixels: images,
    webp_quality: images,
    max_image_dimension: images,
    orphans: { section: 'settings.section.orphans' },
    unsplash_access_key: stock,
    pexels_api_key: stock,
  },
  design: {
    colors: { section: 'settings.section.colors', labels: 'settings.color' },
    dark_colors: { section: 'settings.section.darkColors', labels: 'settings.color' },
    font_body: font,
    font_heading: font,
    font_size: typeface,
    type_scale: { ...typeface, step: 0.05 },
    spacing: { ...shapes, step: 0.05 },
    radius: shapes,
    shadow: shapes,
  },
};

/** How a core group's key is laid out, when fields.ts says more than its schema. */
export function presentationOf(group: string, path: string): Presentation | undefined {
  return PRESENTATION[group]?.[path];
}
