import { Paper, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSite } from '../site.js';
import { segmentFromLabel, slugFromLabel, type TypeDraft } from './model.js';
import { exampleUrl, todayIn } from './route-example.js';

type Nature = 'hierarchical' | 'has_archive' | 'allows_comments' | 'uses_builder' | 'in_feed';
const NATURES: readonly { key: Nature; label: string; help: string }[] = [
  { key: 'hierarchical', label: 'hierarchical', help: 'hierarchicalHelp' },
  { key: 'has_archive', label: 'hasArchive', help: 'hasArchiveHelp' },
  { key: 'allows_comments', label: 'allowsComments', help: 'allowsCommentsHelp' },
  { key: 'uses_builder', label: 'usesBuilder', help: 'usesBuilderHelp' },
  { key: 'in_feed', label: 'inFeed', help: 'inFeedHelp' },
];

/** The address a new type's entries get until one is typed: its plural name, then the entry's. */
function suggestedRoute(plural: string, hierarchical: boolean): string {
  const prefix = segmentFromLabel(plural);
  return prefix ? `/${prefix}/${hierarchical ? '{path}' : '{slug}'}` : '';
}

/**
 * A type's names, slug (made from the singular name until typed; fixed once saved), description,
 * nature and the address of its entries, with an example of that address as it is typed.
 */
export function BasicsSection(props: {
  draft: TypeDraft;
  onChange: (patch: Partial<TypeDraft>) => void;
  errors: Record<string, string>;
  isNew: boolean;
  builtin: boolean;
}) {
  const { t } = useTranslation();
  const { draft, onChange, errors, isNew, builtin } = props;
  const zone = useSite().data?.time_zone;
  // Left empty on a new type, the server makes it from the slug.
  const pattern = draft.route_pattern.trim() || (isNew && draft.slug ? `/${draft.slug.trim()}/{slug}` : '');
  const example = exampleUrl(pattern, {
    slug: t('contentTypes.exampleSlug', {
      name: segmentFromLabel(draft.singular_label) || t('contentTypes.exampleEntry'),
    }),
    parent: t('contentTypes.exampleParent'),
    id: 42,
    today: todayIn(zone),
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="type-basics">
      <Title id="type-basics" order={2} size="h4" mb="sm">
        {t('contentTypes.basics')}
      </Title>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('contentTypes.singular')}
            description={t('contentTypes.singularHelp')}
            required
            maxLength={80}
            value={draft.singular_label}
            onChange={(event) => {
              const singular_label = event.currentTarget.value;
              onChange({
                singular_label,
                ...(isNew && !draft.slugTouched ? { slug: slugFromLabel(singular_label) } : {}),
              });
            }}
            error={errors.singular_label}
            data-autofocus={isNew || undefined}
          />
          <TextInput
            label={t('contentTypes.plural')}
            description={t('contentTypes.pluralHelp')}
            required
            maxLength={80}
            value={draft.plural_label}
            onChange={(event) => {
              const plural_label = event.currentTarget.value;
              onChange({
                plural_label,
                ...(isNew && !draft.routeTouched
                  ? { route_pattern: suggestedRoute(plural_label, draft.hierarchical) }
                  : {}),
              });
            }}
            error={errors.plural_label}
          />
        </SimpleGrid>
        <TextInput
          label={t('contentTypes.slug')}
          description={isNew ? t('contentTypes.slugHelp') : t('contentTypes.slugFixed')}
          required={isNew}
          disabled={!isNew}
          maxLength={40}
          value={draft.slug}
          onChange={(event) => onChange({ slug: event.currentTarget.value, slugTouched: true })}
          error={errors.slug}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Textarea
          label={t('contentTypes.description')}
          description={t('contentTypes.descriptionHelp')}
          autosize
          minRows={2}
          maxLength={500}
          value={draft.description}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <TextInput
          label={t('contentTypes.routePattern')}
          description={
            <>
              {t('contentTypes.routeHelp')}
              {example ? (
                <>
                  <br />
                  {t('contentTypes.routeExample', { url: example })}
                </>
              ) : null}
            </>
          }
          required={!isNew}
          maxLength={200}
          value={draft.route_pattern}
          onChange={(event) => onChange({ route_pattern: event.currentTarget.value, routeTouched: true })}
          error={errors.route_pattern}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {NATURES.map((nature) => {
            const fixed = builtin && (nature.key === 'hierarchical' || nature.key === 'uses_builder');
            return (
              <Switch
                key={nature.key}
                label={t(`contentTypes.${nature.label}`)}
                description={fixed ? t('contentTypes.builtinNature') : t(`contentTypes.${nature.help}`)}
                checked={draft[nature.key]}
                disabled={fixed}
                error={errors[nature.key]}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  onChange({
                    [nature.key]: checked,
                    ...(nature.key === 'hierarchical' && isNew && !draft.routeTouched
                      ? { route_pattern: suggestedRoute(draft.plural_label, checked) }
                      : {}),
                  });
                }}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
