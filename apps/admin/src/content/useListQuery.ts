import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListQuery, readListQuery, writeListQuery } from './list-query.js';

/**
 * A content list's query, mirrored in the address. The list keeps its own copy, changed at once:
 * the router applies a new address a moment later (in a transition), and two quick changes built
 * from the address would each undo the other. The address wins when it changes otherwise (back,
 * forward, a link).
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => readListQuery(params));
  const latest = useRef(query);
  const written = useRef(params.toString());

  useEffect(() => {
    const text = params.toString();
    if (text === written.current) return;
    written.current = text;
    latest.current = readListQuery(params);
    setQuery(latest.current);
  }, [params]);

  /** A new view of the list, back to its first page unless the page is what changes. */
  function update(patch: Partial<ListQuery>, options: { replace?: boolean } = {}) {
    const next = { ...latest.current, page: 1, ...patch };
    latest.current = next;
    setQuery(next);
    const search = writeListQuery(next);
    written.current = search.toString();
    setParams(search, options);
  }

  return [query, update] as const;
}
