import { Alert, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { asApiError, sayInLanguage } from '../forms.js';
import { useCan } from '../session.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';
import { FieldInput, useWords } from './FieldInput.js';
import { type FieldSpec, formFields, type GroupSchema, type Words } from './form-fields.js';
import { errorsByField, settingProblems } from './form-problems.js';
import { changedKeys, valueAt, withValue } from './form-values.js';

type Values = Record<string, unknown>;

/** Consecutive fields of one fieldset together, in the order given. */
function sectionsOf(
  fields: readonly FieldSpec[],
): Array<{ section: Words | undefined; fields: FieldSpec[] }> {
  const sections: Array<{ section: Words | undefined; fields: FieldSpec[] }> = [];
  const same = (a: Words | undefined, b: Words | undefined) => a?.key === b?.key && a?.text === b?.text;
  for (const field of fields) {
    const last = sections.at(-1);
    if (last && same(last.section, field.section)) last.fields.push(field);
    else sections.push({ section: field.section, fields: [field] });
  }
  return sections;
}

/**
 * One settings group's form, generated from its schema: what was changed is sent (PUT
 * /api/settings/{group}, only those keys), the server's 422 messages beside their fields, a word on
 * unsaved changes and on success.
 */
export function GroupForm({ name, schema, saved }: { name: string; schema: GroupSchema; saved: Values }) {
  const { t } = useTranslation();
  const say = useWords();
  const can = useCan();
  const client = useQueryClient();
  const editable = can('settings.edit');
  const [values, setValues] = useState<Values>(saved);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState(false);
  const fields = useMemo(() => formFields(name, schema), [name, schema]);
  const changed = changedKeys(saved, values);
  const dirty = changed.length > 0;

  const save = useMutation({
    mutationFn: (body: Values) =>
      data(api.PUT('/api/settings/{group}', { params: { path: { group: name } }, body })),
    onSuccess: (answer) => {
      client.setQueryData<Record<string, Values>>(['settings'], (all) =>
        all ? { ...all, [name]: answer } : all,
      );
      setValues(answer);
      setError(null);
      setDone(true);
      // The site's name and time zone come from general: every date on every screen follows it.
      if (name === 'general') void client.invalidateQueries({ queryKey: ['site'] });
    },
    onError: (failure) => {
      setError(toApiError(failure));
      setDone(false);
    },
  });
  const errors = errorsByField(name, fields, error?.errors ?? {}, (n, message) =>
    t('settings.itemError', { n, message }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) return;
    const problems = asApiError(settingProblems(fields, values, changed, sayInLanguage));
    if (problems) {
      setError(problems);
      setDone(false);
      return;
    }
    save.mutate(Object.fromEntries(changed.map((key) => [key, values[key]])));
  }

  function describe(field: FieldSpec): string | undefined {
    const lacking = field.permission !== undefined && !can(field.permission);
    const parts = [
      say(field.help),
      field.input.kind === 'tags' || field.input.kind === 'integers' ? t('settings.addItems') : null,
      lacking
        ? field.permission === 'sites.manage'
          ? t('settings.guardedInstallation')
          : t('settings.guardedPermission', { permission: field.permission })
        : null,
    ];
    return parts.filter(Boolean).join(' ') || undefined;
  }

  function input(field: FieldSpec) {
    if (field.shown && !field.shown(values) && !errors[field.path]) return null;
    return (
      <FieldInput
        key={field.path}
        spec={field}
        value={valueAt(values, field.path)}
        saved={valueAt(saved, field.path)}
        values={values}
        error={errors[field.path]?.join(' ')}
        disabled={!editable || (field.permission !== undefined && !can(field.permission))}
        description={describe(field)}
        onChange={(value) => {
          setValues((current) => withValue(current, field.path, value));
          setDone(false);
        }}
      />
    );
  }

  const general = errors[''];
  return (
    <form onSubmit={submit} noValidate>
      <LeaveGuard dirty={dirty} />
      <Stack maw={720}>
        <Text c="dimmed">
          {schema.owner === 'core'
            ? t(`settings.about.${name}`, { defaultValue: schema.description ?? '' })
            : (schema.description ?? t('settings.about.plugin'))}
        </Text>
        {editable ? null : <Alert color="gray">{t('settings.readOnly')}</Alert>}
        {sectionsOf(fields).map(({ section, fields: inSection }) =>
          section ? (
            <Fieldset key={section.key ?? section.text} legend={say(section)}>
              {inSection.every((field) => field.input.kind === 'color') ? (
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('settings.themeColour')}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>{inSection.map(input)}</SimpleGrid>
                </Stack>
              ) : (
                <Stack>{inSection.map(input)}</Stack>
              )}
            </Fieldset>
          ) : (
            <Stack key={inSection[0]?.path}>{inSection.map(input)}</Stack>
          ),
        )}
        {editable ? (
          // Kept in view at the bottom of a long group while something waits to be saved, or was.
          <Paper
            withBorder
            p="sm"
            radius="md"
            style={{
              position: dirty || done || error ? 'sticky' : 'static',
              bottom: 'var(--mantine-spacing-sm)',
              zIndex: 2,
            }}
          >
            <Stack gap="xs">
              {error ? (
                <Text c="red" size="sm" role="alert">
                  {error.errors && Object.keys(error.errors).length > 0
                    ? t('settings.failed')
                    : error.message}
                  {general ? ` ${general.join(' ')}` : ''}
                </Text>
              ) : null}
              <Group justify="space-between">
                <Group gap="xs">
                  <Button type="submit" disabled={!dirty} loading={save.isPending}>
                    {t('settings.save')}
                  </Button>
                  <Button
                    variant="default"
                    disabled={!dirty || save.isPending}
                    onClick={() => {
                      setValues(saved);
                      setError(null);
                    }}
                  >
                    {t('settings.discard')}
                  </Button>
                </Group>
                <div role="status">
                  {dirty ? (
                    <Text size="sm" fw={600}>
                      {t('settings.unsaved')}
                    </Text>
                  ) : done ? (
                    <Text size="sm" fw={600}>
                      {t('settings.saved')}
                    </Text>
                  ) : null}
                </div>
              </Group>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </form>
  );
}
