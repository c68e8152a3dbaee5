import { send } from '../../../core/net/outbound.js';
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
      track: (options) => this.track(key, photo.links?.download_location, options.allowPrivate),
    };
  }

  /**
   * Calls the photo's download_location with the access key. The address comes in Unsplash's answer,
   * so it is called only on the API's own origin (the key goes nowhere else, whatever the answer
   * names) and through the outbound guard, which refuses a private address as every fetch made for
   * a site does; a redirect is not followed. A failure is only logged: it never undoes an import.
   */
  private async track(key: string, location: unknown, allowPrivate: boolean): Promise<void> {
    let url: URL;
    try {
      url = new URL(String(location));
    } catch {
      throw new Error('Unsplash answered no download_location.');
    }
    if (url.origin !== new URL(this.base).origin)
      throw new Error(`Unsplash's download_location is not on its API (${url.host}): not called.`);
    const response = await send(url.toString(), {
      allowPrivate,
      headers: { accept: 'application/json', ...this.headers(key) },
      timeoutMs: 15_000,
    });
    response.resume();
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) throw new Error(`Unsplash answered ${status} to download tracking.`);
  }
}
