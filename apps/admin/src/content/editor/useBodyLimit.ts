import { useSite } from '../../site.js';

/** The largest request body the server accepts (GET /api/site); undefined until the site is known. */
export function useBodyLimit(): number | undefined {
  return useSite().data?.body_limit_bytes;
}
