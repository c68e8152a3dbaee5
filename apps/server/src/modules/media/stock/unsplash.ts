import {
  getJson,
  ProviderError,
  type StockDownload,
  type StockPhoto,
  type StockProvider,
} from './provider.js';

interface UnsplashPhoto {
  id: string;
  width: number;
  height: number;
  description: string | null;
  alt_description: string | null;
  urls: { raw: string; full: string; regular: string; small: string; thumb: string };
  links: { html: string; download_location: string };
  user: { name: string; links: { html: string } };
}

// Unsplash's guidelines: credit links carry the application's name as utm_source.
const REFERRAL = 'utm_source=tessera&utm_medium=referral';

function withReferral(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${REFERRAL}`;
}

function photoOf(photo: UnsplashPhoto): StockPhoto {
  if (!photo || typeof photo.id !== 'string' || !photo.urls || !photo.user)
    throw new ProviderError('Unsplash answered a photo in an unknown shape.', 200);
  return {
    id: photo.id,
    provider: 'unsplash',
    description: photo.alt_description ?? photo.description ?? '',
    width: photo.width,
    height: photo.height,
    thumbnail_url: photo.urls.thumb,
    preview_url: photo.urls.regular,
    photographer: photo.user.name,
    profile_url: withReferral(photo.user.links.html),
    source_url: withReferral(photo.links.html),
    license: 'Unsplash License',
  };
}

/** The Unsplash API (api.unsplash.com, v1): `Authorization: Client-ID <access key>`. */
export class Unsplash implements StockProvider {
  readonly name = 'unsplash';
  readonly label = 'Unsplash';

  constructor(private readonly base: string) {}

  private headers(key: string) {
    return { authorization: `Client-ID ${key}`, 'accept-version': 'v1' };
  }

  async search(key: string, query: string, page: number, perPage: number) {
    const url = new URL('/search/photos', this.base);
    url.search = new URLSearchParams({ query, page: String(page), per_page: String(perPage) }).toString();
    const body = (await getJson(url.toString(), this.headers(key), this.label)) as {
      total?: number;
      results?: UnsplashPhoto[];
    };
    if (!Array.isArray(body.results))
      throw new ProviderError('Unsplash answered a search in an unknown shape.', 200);
    return { items: body.results.map(photoOf), total: Number(body.total ?? body.results.length) };
  }

  async download(key: string, id: string): Promise<StockDownload> {
    const url = new URL(`/photos/${encodeURIComponent(id)}`, this.base);
    const photo = (await getJson(url.toString(), this.headers(key), this.label)) as UnsplashPhoto;
    const view = photoOf(photo);
    return {
      photo: view,
      // The full size, as JPEG: the library makes its own variants from it.
      url: photo.urls.full,
      // Required by Unsplash's API terms whenever a photo is downloaded into an application.
      track: async () => {
        await getJson(photo.links.download_location, this.headers(key), this.label);
      },
    };
  }
}
