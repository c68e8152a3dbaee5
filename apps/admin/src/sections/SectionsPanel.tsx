import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ApiError, api, data } from '../api.js';
import { useUnsaved } from '../appearance/dirty.js';
import { type Block, OutlineEditor } from '../builder/OutlineEditor.js';
import { fieldErrors, formProblems } from '../forms.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';

type Area = 'header' | 'footer';
const AREAS: Area[] = ['header', 'footer'];
const SECTIONS = ['sections'] as const;

/**
 * The site's global header and footer (spec 1): each a block tree edited in the outline, saved as
 * a draft (a stale version is said, not overwritten), then published on every page in place of
 * the theme's own, or unpublished to bring the theme's back.
 */
export function SectionsPanel() {
  const { t } = useTranslation();
  const [area, setArea] = useState<Area>('header');
  const sections = useQuery({ queryKey: SECTIONS, queryFn: () => data(api.GET('/api/sections')) });
  const section = sections.data?.find((each) => each.area === area);
  return (
    <Stack>
      <Text c="dimmed">{t('sections.about')}</Text>
      <SegmentedControl
        value={area}
        onChange={(value) => setArea(value as Area)}
        data={AREAS.map((value) => ({ value, label: t(`sections.area.${value}`) }))}
        aria-label={t('sections.which')}
        w="fit-content"
      />
      <Button component={Link} to={`/builder/${area}`} variant="default" w="fit-content">
        {t('sections.openBuilder', { area: t(`sections.area.${area}`) })}
      </Button>
      {!section ? (
        <Pending error={sections.error} retry={() => void sections.refetch()} />
      ) : (
        <SectionEditor key={`${area}-${section.version}`} area={area} section={section} />
      )}
    </Stack>
  );
}

type Section = NonNullable<Awaited<ReturnType<typeof fetchSections>>>[number];
const fetchSections = () => data(api.GET('/api/sections'));

function SectionEditor(props: { area: Area; section: Section }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const when = useDateFormat();
  const { area, section } = props;
  const [blocks, setBlocks] = useState<Block[]>(section.draft as Block[]);
  const [local, setLocal] = useState<ApiError | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(blocks) !== JSON.stringify(section.draft);
  const refresh = () => client.invalidateQueries({ queryKey: SECTIONS });
  const save = useMutation({
    mutationFn: () =>
      data(
        api.PUT('/api/sections/{area}', {
          params: { path: { area } },
          body: { version: section.version, blocks },
        }),
      ),
    onSuccess: refresh,
  });
  // The appearance screen's one leave guard hears of it.
  useUnsaved(dirty && !save.isPending);
  const publish = useMutation({
    mutationFn: async (published: boolean) => {
      // What is published is what the user sees: unsaved changes are saved first.
      const current = dirty ? await save.mutateAsync() : section;
      const path = published ? '/api/sections/{area}/publish' : '/api/sections/{area}/unpublish';
      return data(api.POST(path, { params: { path: { area } }, body: { version: current.version } }));
    },
    onSuccess: refresh,
  });
  const problem = local ?? ((save.error ?? publish.error) as ApiError | null);
  /** False, and the problems shown, when the selected block's inputs break the server's rules. */
  const checked = () => {
    const problems = form.current ? formProblems(form.current) : null;
    setLocal(problems);
    return problems === null;
  };
  const stale = problem?.code === 'stale_version';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (checked()) save.mutate();
      }}
    >
      <Stack>
        <Group gap="xs">
          {section.published ? (
            <Badge color="teal.9">
              {t('sections.live', {
                date: section.published_at ? when.format(new Date(section.published_at)) : '',
              })}
            </Badge>
          ) : (
            <Badge variant="light">{t('sections.themeOwn')}</Badge>
          )}
          {section.changed ? <Text size="sm">{t('sections.changed')}</Text> : null}
          {dirty ? (
            <Text size="sm" c="dimmed" role="status">
              {t('editor.unsaved')}
            </Text>
          ) : null}
        </Group>
        {problem ? (
          <Alert color="red" role="alert">
            {stale ? t('sections.stale') : problem.message}
          </Alert>
        ) : null}
        <OutlineEditor value={blocks} onChange={setBlocks} errors={fieldErrors(problem)} />
        <Group gap="xs">
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {t('sections.saveDraft')}
          </Button>
          <Button
            variant="light"
            disabled={!dirty && !section.changed && section.published !== null}
            loading={publish.isPending && publish.variables === true}
            onClick={() => checked() && publish.mutate(true)}
          >
            {t('sections.publish')}
          </Button>
          {section.published ? (
            <Button
              variant="default"
              loading={publish.isPending && publish.variables === false}
              onClick={() => publish.mutate(false)}
            >
              {t('sections.unpublish')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
