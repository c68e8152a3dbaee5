import { Pagination } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The pages of a list (spec 2.4 meta), shown only when there is more than one, controls labelled. */
export function ListPagination(props: {
  lastPage: number | undefined;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const total = props.lastPage ?? 1;
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={props.value}
      onChange={props.onChange}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
    />
  );
}

/** Rows ticked for a bulk action: one at a time, or every row of the page shown. */
export function useSelection(shown: ReadonlyArray<{ id: number }>) {
  const [selected, setSelected] = useState<number[]>([]);
  const all = shown.length > 0 && shown.every((row) => selected.includes(row.id));
  return {
    selected,
    all,
    some: selected.length > 0 && !all,
    has: (id: number) => selected.includes(id),
    toggle: (id: number) =>
      setSelected((ids) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id])),
    toggleAll: () => setSelected(all ? [] : shown.map((row) => row.id)),
    clear: () => setSelected([]),
  };
}
