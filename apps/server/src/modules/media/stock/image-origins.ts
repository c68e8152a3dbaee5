import type { Config } from '../../../core/config.js';

// The real APIs' image hosts: thumbnails in search answers point there (Unsplash+ photos to plus.).
const IMAGE_HOSTS: Record<string, readonly string[]> = {
  'https://api.unsplash.com': ['https://images.unsplash.com', 'https://plus.unsplash.com'],
  'https://api.pexels.com': ['https://images.pexels.com'],
};

/**
 * Where the providers' thumbnails come from, for the admin's policy on images: the real image hosts,
 * or a stand-in API's own origin (STOCK_*_URL, set only to test against a local server).
 */
export function stockImageOrigins(stock: Config['stock']): string[] {
  const origins = [stock.unsplashUrl, stock.pexelsUrl].flatMap((base) => {
    const origin = new URL(base).origin;
    return IMAGE_HOSTS[origin] ?? [origin];
  });
  return [...new Set(origins)];
}
