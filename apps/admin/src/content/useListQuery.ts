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
  /** The address last seen from the router, and the ones this list wrote that it has not shown yet. */
  const seen = useRef(params.toString());
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const text = params.toString();
    // A render of the same address, or one of this list's own writes arriving late (a later write may
    // be on its way after it): nothing changed from outside, and what the list holds stays.
    if (text === seen.current) return;
    seen.current = text;
    const own = pending.current.indexOf(text);
    if (own >= 0) {
      pending.current.splice(0, own + 1);
      return;
    }
    pending.current = [];
    latest.current = readListQuery(params);
    setQuery(latest.current);
  }, [params]);

  /** A new view of the list, back to its first page unless the page is what changes. */
  function update(patch: Partial<ListQuery>, options: { replace?: boolean } = {}) {
    const next = { ...latest.current, page: 1, ...patch };
    latest.current = next;
    setQuery(next);
    const search = writeListQuery(next);
    pending.current.push(search.toString());
    setParams(search, options);
  }

  return [query, update] as const;
}
