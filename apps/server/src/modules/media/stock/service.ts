import { fieldErrors, NotFound, UpstreamFailed, ValidationFailed } from '../../../core/errors.js';
import { DownloadFailed, download } from '../../../core/net/download.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { requirePermission } from '../../identity/actor.js';
import { settingsOf } from '../../settings/service.js';
import { receiveFile } from '../files/receive.js';
import type { FoldersService } from '../folders.js';
import type { MediaService } from '../service.js';
import type { MediaView } from '../view.js';
import { Pexels } from './pexels.js';
import { ProviderError, type StockPage, type StockProvider, type StockProviderName } from './provider.js';
import { Unsplash } from './unsplash.js';

export interface StockImport {
  provider: StockProviderName;
  id: string;
  folder_id?: number | null;
  alt_text?: string;
}

/** A provider as the library's picker offers it: configured when the site has its key. */
export interface StockSource {
  name: StockProviderName;
  label: string;
  configured: boolean;
}

const PER_PAGE = 24;
const KEY_SETTING = { unsplash: 'unsplash_access_key', pexels: 'pexels_api_key' } as const;

/**
 * Stock photos (spec 1 Media): search Unsplash and Pexels through one interface and import a photo
 * into the library through the normal upload pipeline, with its credit stored on the record.
 */
export class StockService {
  private readonly providers: Record<StockProviderName, StockProvider>;

  constructor(
    private readonly runtime: Runtime,
    private readonly media: MediaService,
    private readonly folders: FoldersService,
  ) {
    this.providers = {
      unsplash: new Unsplash(runtime.config.stock.unsplashUrl),
      pexels: new Pexels(runtime.config.stock.pexelsUrl),
    };
  }

  /** Both providers, and which have a key: what the picker offers without revealing a key. */
  async sources(ctx: OperationContext): Promise<StockSource[]> {
    requirePermission(ctx.actor, 'media.upload');
    const settings = await settingsOf(this.runtime, ctx.site, 'media');
    return Object.values(this.providers).map((provider) => ({
      name: provider.name,
      label: provider.label,
      configured: Boolean(settings[KEY_SETTING[provider.name]]),
    }));
  }

  async search(
    ctx: OperationContext,
    name: StockProviderName,
    query: string,
    page: number,
  ): Promise<StockPage> {
    requirePermission(ctx.actor, 'media.upload');
    const { provider, key } = await this.provider(ctx, name);
    return this.call(provider, () => provider.search(key, query, page, PER_PAGE));
  }

  /** Downloads the photo (private addresses refused), adds it like an upload, then tells the provider. */
  async import(ctx: OperationContext, input: StockImport): Promise<MediaView> {
    requirePermission(ctx.actor, 'media.upload');
    const { provider, key } = await this.provider(ctx, input.provider);
    if (input.folder_id) await this.folders.require(ctx, input.folder_id, 'folder_id');
    const chosen = await this.call(provider, () => provider.download(key, input.id));
    const settings = await settingsOf(this.runtime, ctx.site, 'media');
    let response: Awaited<ReturnType<typeof download>>;
    try {
      response = await download(chosen.url, { allowPrivate: settings.allow_private_sources });
    } catch (error) {
      if (error instanceof DownloadFailed && error.refused)
        throw ValidationFailed.field(
          'id',
          `The photo's address is refused: ${error.message}`,
          'private_address',
        );
      throw new UpstreamFailed(
        `${provider.label}'s photo could not be downloaded: ${(error as Error).message}`,
      );
    }
    const file = await receiveFile(response, this.media.uploadDir, await this.media.sizeLimit(ctx));
    const { photo } = chosen;
    const view = await this.media.add(ctx, {
      file,
      originalName: `${provider.name}-${photo.id}`,
      folderId: input.folder_id ?? null,
      altText: input.alt_text ?? photo.description.slice(0, 1000),
      title: (photo.description || `Photo by ${photo.photographer}`).slice(0, 255),
      caption: '',
      credit: {
        photographer: photo.photographer,
        profile_url: photo.profile_url,
        source_url: photo.source_url,
        provider: provider.name,
        license: photo.license,
      },
    });
    if (chosen.track)
      await chosen
        .track({ allowPrivate: settings.allow_private_sources })
        .catch((error: Error) =>
          this.runtime.log.warn(
            { err: error, provider: provider.name, photo: photo.id },
            'download tracking failed',
          ),
        );
    return view;
  }

  private async provider(ctx: OperationContext, name: StockProviderName) {
    const provider = this.providers[name];
    const key = (await settingsOf(this.runtime, ctx.site, 'media'))[KEY_SETTING[name]];
    if (!key)
      throw ValidationFailed.field(
        'provider',
        `Set the ${provider.label} API key in the media settings (${KEY_SETTING[name]}) first.`,
        'stock_not_configured',
      );
    return { provider, key };
  }

  /** A provider's failures in our terms: a refused key is the site's settings (422), the rest 404 or 502. */
  private async call<T>(provider: StockProvider, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.status === 401 || error.status === 403) {
        const errors = fieldErrors();
        errors.provider = [`${provider.label} refused the API key in the media settings.`];
        throw new ValidationFailed(errors, `${provider.label} refused the API key.`, 'stock_key_refused');
      }
      if (error.status === 404) throw new NotFound(`${provider.label} photo`, 'stock_photo_not_found');
      throw new UpstreamFailed(error.message);
    }
  }
}
