import {
  getJson,
  ProviderError,
  type StockDownload,
  type StockPhoto,
  type StockProvider,
} from './provider.js';

interface PexelsPhoto {
  id: number;
  width: number;
  height: number;
  url: string;
  alt: string | null;
  photographer: string;
  photographer_url: string;
  src: { original: string; large2x: string; large: string; medium: string; small: string; tiny: string };
}

function photoOf(photo: PexelsPhoto): StockPhoto {
  if (!photo || typeof photo.id !== 'number' || !photo.src)
    throw new ProviderError('Pexels answered a photo in an unknown shape.', 200);
  return {
    id: String(photo.id),
    provider: 'pexels',
    description: photo.alt ?? '',
    width: photo.width,
    height: photo.height,
    thumbnail_url: photo.src.tiny,
    preview_url: photo.src.large,
    photographer: photo.photographer,
    profile_url: photo.photographer_url,
    source_url: photo.url,
    license: 'Pexels License',
  };
}

/** The Pexels API (api.pexels.com/v1): `Authorization: <API key>`. */
export class Pexels implements StockProvider {
  readonly name = 'pexels';
  readonly label = 'Pexels';

  constructor(private readonly base: string) {}

  async search(key: string, query: string, page: number, perPage: number) {
    const url = new URL('/v1/search', this.base);
    url.search = new URLSearchParams({ query, page: String(page), per_page: String(perPage) }).toString();
    const body = (await getJson(url.toString(), { authorization: key }, this.label)) as {
      total_results?: number;
      photos?: PexelsPhoto[];
    };
    if (!Array.isArray(body.photos))
      throw new ProviderError('Pexels answered a search in an unknown shape.', 200);
    return { items: body.photos.map(photoOf), total: Number(body.total_results ?? body.photos.length) };
  }

  async download(key: string, id: string): Promise<StockDownload> {
    if (!/^\d{1,20}$/.test(id)) throw new ProviderError('Pexels photo ids are numbers.', 404);
    const url = new URL(`/v1/photos/${id}`, this.base);
    const photo = (await getJson(url.toString(), { authorization: key }, this.label)) as PexelsPhoto;
    return { photo: photoOf(photo), url: photo.src.original };
  }
}
