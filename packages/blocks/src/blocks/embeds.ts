import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock, RowId } from '../block.js';
import { useBlockEnvironment, useBlockStyle } from '../context.js';

/** The embed address of a YouTube or Vimeo page URL, on their privacy-minded hosts; null for others. */
export function embedOf(url: string): { provider: 'YouTube' | 'Vimeo'; src: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  const youtube =
    host === 'youtu.be'
      ? parsed.pathname.slice(1)
      : host === 'youtube.com'
        ? (parsed.searchParams.get('v') ?? parsed.pathname.match(/^\/(?:embed|shorts)\/([\w-]+)/)?.[1])
        : null;
  if (youtube && /^[\w-]{6,20}$/.test(youtube))
    return { provider: 'YouTube', src: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1` };
  const vimeo = host === 'vimeo.com' ? parsed.pathname.match(/^\/(\d{4,12})/)?.[1] : null;
  if (vimeo) return { provider: 'Vimeo', src: `https://player.vimeo.com/video/${vimeo}?dnt=1&autoplay=1` };
  return null;
}

/**
 * A third party's player that loads nothing from them until asked: the frame starts as a page of
 * our own (srcdoc) with one link, and following it loads the player inside the frame. No script on
 * the page, no cookie and no request to the provider before the click.
 */
export function clickToLoad(src: string, title: string, label: string, className: string | undefined) {
  const entities = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const doc =
    '<style>html,body{height:100%;margin:0}a{display:flex;height:100%;align-items:center;justify-content:center;' +
    'font:600 1.1rem system-ui,sans-serif;color:#fff;background:#1d2125;text-decoration:none}a:focus-visible{outline:3px solid #8ab4f8;outline-offset:-6px}</style>' +
    `<a href="${entities(src)}">▶ ${entities(label)}</a>`;
  return h('iframe', {
    className: className ? `tb-embed__frame ${className}` : 'tb-embed__frame',
    title,
    srcDoc: doc,
    loading: 'lazy',
    allow: 'autoplay; fullscreen; picture-in-picture',
    allowFullScreen: true,
  });
}

/** A video: uploaded to the media library, or YouTube or Vimeo behind click-to-load. */
export const video = defineBlock({
  type: 'video',
  category: 'media',
  label: 'Video',
  icon: 'movie',
  props: Type.Object(
    {
      media_id: Type.Union([RowId(), Type.Null()], { default: null }),
      url: Type.Optional(
        Type.String({ maxLength: 500, pattern: '^https://', description: 'A YouTube or Vimeo page' }),
      ),
      title: Type.String({ maxLength: 300, default: 'Video' }),
      caption: Type.String({ maxLength: 1000, default: '' }),
      ratio: Type.Union(
        [Type.Literal('16/9'), Type.Literal('4/3'), Type.Literal('1/1'), Type.Literal('9/16')],
        { default: '16/9' },
      ),
      controls: Type.Boolean({ default: true }),
      loop: Type.Boolean({ default: false }),
      muted: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  media: ['media_id'],
  component: function VideoBlock({ props }) {
    const environment = useBlockEnvironment();
    const ratio = useBlockStyle({ mobile: { 'aspect-ratio': props.ratio } });
    const media = props.media_id === null ? null : environment.media(props.media_id);
    const embed = !media && props.url ? embedOf(props.url) : null;
    if (!media && !embed) return null;
    return h(
      'figure',
      { className: 'tb-embed tb-video' },
      media
        ? h('video', {
            src: media.url,
            controls: props.controls,
            loop: props.loop,
            muted: props.muted,
            playsInline: true,
            preload: 'metadata',
            title: props.title,
            className: ratio,
          })
        : embed
          ? clickToLoad(embed.src, props.title, `${props.title} (${embed.provider})`, ratio)
          : null,
      props.caption ? h('figcaption', null, props.caption) : null,
    );
  },
});

/** A sound file of the media library, with the browser's own player. */
export const audio = defineBlock({
  type: 'audio',
  category: 'media',
  label: 'Audio',
  icon: 'music',
  props: Type.Object(
    {
      media_id: Type.Union([RowId(), Type.Null()], { default: null }),
      caption: Type.String({ maxLength: 1000, default: '' }),
      loop: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  media: ['media_id'],
  component: function AudioBlock({ props }) {
    const media = useBlockEnvironment().media(props.media_id ?? 0);
    if (!media) return null;
    return h(
      'figure',
      { className: 'tb-audio' },
      h('audio', { src: media.url, controls: true, loop: props.loop, preload: 'metadata' }),
      props.caption ? h('figcaption', null, props.caption) : null,
    );
  },
});

/** A place on OpenStreetMap, behind click-to-load, with a plain link for those who prefer one. */
export const map = defineBlock({
  type: 'map',
  category: 'data',
  label: 'Map',
  icon: 'map',
  props: Type.Object(
    {
      latitude: Type.Number({ minimum: -90, maximum: 90, default: 48.8584 }),
      longitude: Type.Number({ minimum: -180, maximum: 180, default: 2.2945 }),
      zoom: Type.Integer({ minimum: 1, maximum: 19, default: 15 }),
      label: Type.String({ maxLength: 200, default: 'Map' }),
      height: Type.Integer({ minimum: 150, maximum: 900, default: 360, description: 'In px' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function MapBlock({ props }) {
    const height = useBlockStyle({ mobile: { height: `${props.height}px` } });
    const span = 360 / 2 ** props.zoom;
    const box = [
      props.longitude - span,
      props.latitude - span / 2,
      props.longitude + span,
      props.latitude + span / 2,
    ]
      .map((value) => value.toFixed(5))
      .join(',');
    const point = `${props.latitude.toFixed(5)},${props.longitude.toFixed(5)}`;
    const embed = `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${point}`;
    const page = `https://www.openstreetmap.org/?mlat=${props.latitude.toFixed(5)}&mlon=${props.longitude.toFixed(5)}#map=${props.zoom}/${point.replace(',', '/')}`;
    return h(
      'figure',
      { className: 'tb-embed tb-map' },
      h(
        'div',
        { className: height },
        clickToLoad(embed, props.label, `${props.label} (OpenStreetMap)`, undefined),
      ),
      h('figcaption', null, h('a', { href: page, rel: 'noopener' }, props.label)),
    );
  },
});

const NETWORKS = {
  facebook: {
    label: 'Facebook',
    share: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${url}`,
  },
  x: { label: 'X', share: (url: string) => `https://x.com/intent/post?url=${url}` },
  linkedin: {
    label: 'LinkedIn',
    share: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  },
  mastodon: { label: 'Mastodon', share: null },
  bluesky: { label: 'Bluesky', share: (url: string) => `https://bsky.app/intent/compose?text=${url}` },
  instagram: { label: 'Instagram', share: null },
  youtube: { label: 'YouTube', share: null },
  github: { label: 'GitHub', share: null },
  email: { label: 'Email', share: (url: string) => `mailto:?body=${url}` },
} as const;
type Network = keyof typeof NETWORKS;

/** Links to the site's profiles and to share the page, as plain links: no third-party script. */
export const social = defineBlock({
  type: 'social',
  category: 'data',
  label: 'Social networks',
  icon: 'share',
  props: Type.Object(
    {
      profiles: Type.Array(
        Type.Object(
          {
            network: Type.Union((Object.keys(NETWORKS) as Network[]).map((name) => Type.Literal(name))),
            url: Type.String({ maxLength: 500, pattern: '^(https://|mailto:)' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20, default: [] },
      ),
      share: Type.Array(Type.Union((Object.keys(NETWORKS) as Network[]).map((name) => Type.Literal(name))), {
        maxItems: 10,
        default: [],
        description: 'Networks to offer sharing the page on',
      }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function SocialBlock({ props }) {
    const environment = useBlockEnvironment();
    const here = encodeURIComponent(environment.pageUrl ?? '');
    const shares = props.share.flatMap((name) => {
      const build = NETWORKS[name].share;
      return build && here ? [{ name, href: build(here) }] : [];
    });
    return h(
      'div',
      { className: 'tb-social' },
      props.profiles.length > 0
        ? h(
            'ul',
            { className: 'tb-social__profiles' },
            ...props.profiles.map((profile, i) =>
              h(
                'li',
                { key: i },
                h('a', { href: profile.url, rel: 'me noopener' }, NETWORKS[profile.network].label),
              ),
            ),
          )
        : null,
      shares.length > 0
        ? h(
            'ul',
            { className: 'tb-social__share' },
            ...shares.map((share) =>
              h(
                'li',
                { key: share.name },
                h(
                  'a',
                  { href: share.href, rel: 'noopener', target: '_blank' },
                  `Share on ${NETWORKS[share.name].label}`,
                ),
              ),
            ),
          )
        : null,
    );
  },
});
