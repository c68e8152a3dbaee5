import { Fieldset } from '@mantine/core';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Pending } from '../shell/Shell.js';
import { labelsOf, useTaxonomies, useTerms } from './queries.js';
import { TermCheckboxTree } from './TermCheckboxTree.js';
import { TermTagsInput } from './TermTagsInput.js';

/** The legend set like the labels of the inputs around it. */
const LEGEND = { legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, marginBottom: 6 } };

/**
 * The terms of one taxonomy chosen for an entry: a checkbox tree for hierarchical taxonomies (WordPress's category box), a searchable tags input for flat ones where typing a new name and Enter creates the term (when the user may create terms; else only existing ones).
 */
export function TermsPicker(props: {
  taxonomy: string;
  value: number[];
  onChange: (ids: number[]) => void;
}): JSX.Element {
  const { t } = useTranslation();
  const taxonomies = useTaxonomies();
  const terms = useTerms(props.taxonomy);
  const taxonomy = taxonomies.data?.find((each) => each.slug === props.taxonomy);
  const labels = labelsOf(t, props.taxonomy, taxonomy);

  if (!taxonomy || !terms.data) {
    const error =
      taxonomies.error ??
      terms.error ??
      (taxonomies.data && !taxonomy
        ? { message: t('taxonomies.missingText', { slug: props.taxonomy }) }
        : null);
    return (
      <Fieldset legend={labels.plural} variant="unstyled" styles={LEGEND}>
        <Pending
          error={error}
          retry={() => {
            void taxonomies.refetch();
            void terms.refetch();
          }}
        />
      </Fieldset>
    );
  }
  return taxonomy.hierarchical ? (
    <Fieldset legend={labels.plural} variant="unstyled" styles={LEGEND}>
      <TermCheckboxTree
        taxonomy={props.taxonomy}
        labels={labels}
        terms={terms.data}
        value={props.value}
        onChange={props.onChange}
      />
    </Fieldset>
  ) : (
    <TermTagsInput
      taxonomy={props.taxonomy}
      labels={labels}
      terms={terms.data}
      value={props.value}
      onChange={props.onChange}
    />
  );
}
