import type { TFunction } from 'i18next';
import type { ApiError } from '../../api.js';

/**
 * Why a search or an import failed, in the interface's words where the server's code is known (a
 * missing or refused key, a photo gone, the provider down, a private address), else the server's.
 */
export function stockErrorText(error: unknown, provider: string, t: TFunction): string {
  // fetch rejects with a TypeError when no answer comes at all.
  if (error instanceof TypeError) return t('media.stock.error.network');
  const { code, errors, message } = (error ?? {}) as Partial<ApiError>;
  switch (code) {
    case 'stock_not_configured':
      return t('media.stock.error.notConfigured', { provider });
    case 'stock_key_refused':
      return t('media.stock.error.keyRefused', { provider });
    case 'stock_photo_not_found':
      return t('media.stock.error.photoGone', { provider });
    case 'upstream_failed':
      return t('media.stock.error.upstream', { provider });
    case 'private_address':
      return t('media.stock.error.privateAddress');
  }
  const first = Object.values(errors ?? {})[0]?.[0];
  return first ?? message ?? t('media.stock.error.network');
}

/** The key is what is wrong: the settings are where to fix it. */
export function isKeyProblem(error: unknown): boolean {
  const code = (error as Partial<ApiError> | null)?.code;
  return code === 'stock_not_configured' || code === 'stock_key_refused';
}
