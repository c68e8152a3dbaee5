import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flatten } from '../shell/tree.js';
import { labelsOf, useTaxonomies, useTerms } from '../taxonomies/queries.js';

/** Picks the category, tag or custom term a menu item links to (its archive page on the site). */
export function TermChoice(props: {
  value: number | null;
  onChange: (id: number | null, name: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const taxonomies = useTaxonomies().data ?? [];
  const [taxonomy, setTaxonomy] = useState<string | null>(null);
  const chosen = taxonomy ?? taxonomies[0]?.slug ?? '';
  const terms = useTerms(chosen);
  // Nested terms are listed under their parents, as the taxonomy screens show them.
  const rows = flatten(terms.data ?? []);

  return (
    <Stack gap="xs">
      <Select
        label={t('appearance.menus.taxonomy')}
        data={taxonomies.map((each) => ({ value: each.slug, label: labelsOf(t, each.slug, each).plural }))}
        value={chosen || null}
        onChange={(next) => {
          setTaxonomy(next);
          props.onChange(null, '');
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('appearance.menus.term')}
        placeholder={terms.isPending ? t('app.loading') : undefined}
        data={rows.map((row) => ({
          value: String(row.node.id),
          label: `${'— '.repeat(row.depth)}${row.node.name}`,
        }))}
        value={props.value === null ? null : String(props.value)}
        onChange={(next) => {
          const row = rows.find((each) => String(each.node.id) === next);
          props.onChange(row ? row.node.id : null, row?.node.name ?? '');
        }}
        searchable
        nothingFoundMessage={t('appearance.menus.termNone')}
        error={props.error ?? (terms.error ? terms.error.message : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
