/** One photo of a stock provider, as the library's picker shows it. */
export interface StockPhoto {
  id: string;
  provider: StockProviderName;
  description: string;
  width: number;
  height: number;
  /** Small, for the picker's grid. */
  thumbnail_url: string;
  /** Larger, for a preview before importing. */
  preview_url: string;
  photographer: string;
  profile_url: string;
  /** The photo's page at the provider. */
  source_url: string;
  license: string;
}

export interface StockPage {
  items: StockPhoto[];
  total: number;
}

/** What an import downloads, and the provider's call to make when it does. */
export interface StockDownload {
  photo: StockPhoto;
  url: string;
  /**
   * Unsplash counts downloads through a call its API terms require; others need none. Private
   * addresses are refused unless `allowPrivate`, as for the download itself.
   */
  track?: (options: { allowPrivate: boolean }) => Promise<void>;
}

export const STOCK_PROVIDERS = ['unsplash', 'pexels'] as const;
export type StockProviderName = (typeof STOCK_PROVIDERS)[number];

/** A stock photo source behind one interface: search, and what to download for an import. */
export interface StockProvider {
  readonly name: StockProviderName;
  readonly label: string;
  search(key: string, query: string, page: number, perPage: number): Promise<StockPage>;
  download(key: string, id: string): Promise<StockDownload>;
}

/** A provider answered something other than success; `status` is its HTTP status (0: unreachable). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** GETs JSON from a provider's API. */
export async function getJson(url: string, headers: Record<string, string>, label: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ProviderError(`${label} could not be reached: ${(error as Error).message}`, 0);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(`${label} answered ${response.status}.`, response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new ProviderError(`${label} answered something other than JSON.`, response.status);
  }
}
