import { Anchor, Checkbox, Group, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { labelsOf, useTaxonomies } from '../taxonomies/queries.js';

/** The taxonomies a type's entries are filed in, ticked among the site's. */
export function TaxonomiesSection(props: {
  selected: string[];
  onChange: (taxonomies: string[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const canManage = useCan()('taxonomies.manage');
  const taxonomies = useTaxonomies();
  const list = taxonomies.data ?? [];
  const error =
    props.errors.taxonomies ??
    Object.entries(props.errors).find(([path]) => path.startsWith('taxonomies.'))?.[1];
  const manage = canManage ? (
    <Anchor component={Link} to="/taxonomies" size="sm">
      {t('contentTypes.manageTaxonomies')}
    </Anchor>
  ) : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="type-taxonomies">
      <Title id="type-taxonomies" order={2} size="h4" mb="sm">
        {t('contentTypes.taxonomies')}
      </Title>
      {taxonomies.error || !taxonomies.data ? (
        <Pending error={taxonomies.error} retry={() => void taxonomies.refetch()} />
      ) : list.length === 0 ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('contentTypes.noTaxonomies')}
          </Text>
          {manage}
        </Group>
      ) : (
        <Stack gap="xs">
          <Checkbox.Group
            label={t('contentTypes.taxonomies')}
            description={t('contentTypes.taxonomiesHelp')}
            value={props.selected}
            onChange={props.onChange}
            error={error}
            // The section's heading already says it: the group keeps its name for screen readers only.
            classNames={{ label: 'visually-hidden' }}
          >
            <Group mt="xs" gap="lg">
              {list.map((taxonomy) => (
                <Checkbox
                  key={taxonomy.slug}
                  value={taxonomy.slug}
                  label={labelsOf(t, taxonomy.slug, taxonomy).plural}
                />
              ))}
            </Group>
          </Checkbox.Group>
          {manage}
        </Stack>
      )}
      {!taxonomies.data && error ? <Input.Error>{error}</Input.Error> : null}
    </Paper>
  );
}
