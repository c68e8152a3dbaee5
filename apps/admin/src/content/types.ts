import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api.js';

/** The site's content types (built-in and custom), for the navigation and the lists' titles. */
export function useContentTypes() {
  return useQuery({
    queryKey: ['content-types'],
    queryFn: () => data(api.GET('/api/content-types')),
    staleTime: 5 * 60_000,
  });
}
