import { renderToStaticMarkup } from 'react-dom/server';
import { clickToLoad, embedOf } from './blocks/embeds.js';
import { mediaImage } from './blocks/image.js';
import type { MediaInfo } from './context.js';

/*
 * Images of the media library inside richtext, as the server's sanitizer stores them:
 * `<figure class="tb-image tb-align-center" data-size="large"><img data-media-id="12" src alt
 * width height><figcaption>..</figcaption></figure>`, or the img alone. The sanitizer writes every
 * attribute double-quoted with `"`, `<`, `>` and `&` escaped, so a tag is matched reliably here.
 */

const IMAGE = /(?:(<figure\b[^>]*>)\s*)?<img\b([^>]*?)\s*\/?>/g;
const MEDIA_ID = /\sdata-media-id="([1-9]\d{0,14})"/;
const VIDEO = /<figure\b([^>]*\sdata-embed-url="[^"]*"[^>]*)>([\s\S]*?)<\/figure>/g;

/** How wide an image is shown at each size, for `sizes` (the content column is 46rem at most). */
const SIZES: Record<string, string> = {
  small: '(max-width: 46rem) 50vw, 15rem',
  medium: '(max-width: 46rem) 100vw, 30rem',
  large: '(max-width: 46rem) 100vw, 46rem',
  full: '100vw',
};

/** The media ids of the images in sanitized richtext, in order, each once. */
export function richTextMediaIds(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(IMAGE)) {
    const id = MEDIA_ID.exec(match[2] ?? '')?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}

/**
 * Sanitized richtext as the public site shows it: each media image drawn from its item, as the
 * image block draws one (the variants as srcset with sizes for the figure's size, width and height,
 * lazy; the stored src never shown; an image whose item is gone, or not this site's, left out), and
 * each video of YouTube or Vimeo as the video block's player, loaded on a click.
 */
export function renderRichTextMedia(html: string, media: (id: number) => MediaInfo | null): string {
  return renderVideos(renderImages(html, media));
}

function renderImages(html: string, media: (id: number) => MediaInfo | null): string {
  return html.replace(IMAGE, (_whole, figure: string | undefined, attributes: string) => {
    const id = MEDIA_ID.exec(attributes)?.[1];
    const item = id ? media(Number(id)) : null;
    if (!item) return figure ?? '';
    const alt = /\salt="([^"]*)"/.exec(attributes)?.[1];
    const size = figure ? /\sdata-size="([a-z]+)"/.exec(figure)?.[1] : undefined;
    const image = renderToStaticMarkup(
      mediaImage(item, {
        ...(alt !== undefined ? { alt: decodeAttribute(alt) } : {}),
        sizes: SIZES[size ?? 'large'] ?? (SIZES.large as string),
      }),
    );
    return `${figure ?? ''}${image}`;
  });
}

function renderVideos(html: string): string {
  return html.replace(VIDEO, (whole, attributes: string, inside: string) => {
    const url = /\sdata-embed-url="([^"]*)"/.exec(attributes)?.[1];
    const embed = url && /\sclass="tb-video"/.test(attributes) ? embedOf(decodeAttribute(url)) : null;
    if (!embed) return whole;
    const label = `Video (${embed.provider})`;
    return `<figure class="tb-embed tb-video">${renderToStaticMarkup(clickToLoad(embed.src, 'Video', label, undefined))}${inside}</figure>`;
  });
}

/**
 * Sanitized richtext with each image's media id passed through `map` (an import: old id to new);
 * an image whose id `map` does not know is left out, as the public site leaves out a missing one.
 */
export function mapRichTextMedia(html: string, map: (id: number) => number | undefined): string {
  return html.replace(IMAGE, (whole, figure: string | undefined, attributes: string) => {
    const id = MEDIA_ID.exec(attributes)?.[1];
    const mapped = id ? map(Number(id)) : undefined;
    if (mapped === undefined) return figure ?? '';
    return whole.replace(MEDIA_ID, ` data-media-id="${mapped}"`);
  });
}

/** How richtext images sit in the text: floated beside it, centred, or wider than the column. */
export const RICHTEXT_IMAGE_CSS = `.tb-content figure.tb-image{margin:1.5rem 0}
.tb-content figure.tb-image img{max-width:100%;height:auto;display:block}
.tb-content figure.tb-image figcaption{font-size:.9em;opacity:.8;margin-top:.4rem}
.tb-content figure.tb-align-center img{margin-inline:auto}
.tb-content figure.tb-align-center figcaption{text-align:center}
.tb-content figure.tb-align-left{float:left;margin:.3rem 1.5rem 1rem 0;max-width:50%}
.tb-content figure.tb-align-right{float:right;margin:.3rem 0 1rem 1.5rem;max-width:50%}
.tb-content figure.tb-align-wide{width:min(100vw - 2rem,64rem);margin-inline:calc((100% - min(100vw - 2rem,64rem))/2)}
.tb-content .tb-video .tb-embed__frame{aspect-ratio:16/9}
.tb-content figure[data-size=small]{max-width:15rem}
.tb-content figure[data-size=medium]{max-width:30rem}
.tb-content::after{content:"";display:table;clear:both}`;

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
