import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../api.js';
import { useContentTypes } from '../content/types.js';
import { asApiError, fieldErrors, sayInLanguage } from '../forms.js';
import { useCan } from '../session.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';
import { BasicsSection } from './BasicsSection.js';
import { DataLossDialog } from './DataLossDialog.js';
import { DisplaySection } from './DisplaySection.js';
import { FieldList } from './FieldList.js';
import { errorsByField } from './field-errors.js';
import {
  type ContentType,
  definitionOfType,
  emptyType,
  type FieldDraft,
  type TypeDraft,
  typeDraftOf,
} from './model.js';
import { TaxonomiesSection } from './TaxonomiesSection.js';
import { typeProblems } from './type-checks.js';
import { useSaveType } from './useSaveType.js';

/** The errors the sections above the fields show next to their inputs; the rest go in the alert. */
const SHOWN =
  /^(slug|singular_label|plural_label|description|route_pattern|hierarchical|has_archive|allows_comments|uses_builder|in_feed|taxonomies(\.\d+)?|display\.(list_columns|icon|menu_position)(\.\d+)?)$/;

/** Top-level fields as saved: their keys are the ones the server now stores values under. */
function settled(draft: TypeDraft): TypeDraft {
  return {
    ...draft,
    slugTouched: true,
    routeTouched: true,
    fields: draft.fields.map((field) => ({ ...field, savedKey: field.key.trim(), savedType: field.type })),
  };
}

/**
 * The content type designer: basics and address, fields (with their options, sub-fields, order),
 * taxonomies and display. Saving sends only what changed; values a change would delete are named
 * and deleted only once the user agrees; the server's refusals show next to what they concern.
 */
export function Designer({ type }: { type: ContentType | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan()('content_types.manage');
  const types = useContentTypes().data ?? [];
  const [saved, setSaved] = useState<TypeDraft | null>(() => (type ? typeDraftOf(type) : null));
  const [draft, setDraft] = useState<TypeDraft>(() => (type ? typeDraftOf(type) : emptyType()));
  const [lossOpen, setLossOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const [local, setLocal] = useState<ApiError | null>(null);
  const baseline = useMemo(() => JSON.stringify(comparable(saved ?? emptyType())), [saved]);
  const dirty = JSON.stringify(comparable(draft)) !== baseline;

  const save = useSaveType(saved, (answer, sent) => {
    const now = settled(sent);
    setSaved(now);
    setDraft((current) => (current === sent ? now : current));
    setJustSaved(true);
    if (!saved) setCreated(answer.slug);
  });
  // Off to the new type's own address after the render that released the leave guard.
  useEffect(() => {
    if (created) navigate(`/content-types/${created}`, { replace: true });
  }, [created, navigate]);
  const lossErrors = isDataLoss(save.error) ? save.error : null;
  useEffect(() => {
    if (lossErrors) setLossOpen(true);
  }, [lossErrors]);

  const error = local ?? (lossErrors ? null : save.error);
  const errors = fieldErrors(error);
  const sentFields = local ? draft.fields : (save.variables?.draft.fields ?? draft.fields);
  const { byField, rest } = errorsByField(errors, sentFields);
  const unshown = Object.entries(rest).filter(([path]) => !SHOWN.test(path));
  const invalid = Object.keys(errors).length > 0;

  function change(patch: Partial<TypeDraft>) {
    setJustSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  }

  /** Fields changed: list columns follow a renamed field's key and drop a removed field's. */
  function changeFields(fields: FieldDraft[]) {
    setJustSaved(false);
    setDraft((current) => {
      const before = new Map(current.fields.map((field) => [field.key, field.uid]));
      const after = new Map(fields.map((field) => [field.uid, field.key]));
      const list_columns = current.display.list_columns.flatMap((column) => {
        const uid = before.get(column);
        if (uid === undefined) return [column];
        const key = after.get(uid);
        return key ? [key] : [];
      });
      return { ...current, fields, display: { ...current.display, list_columns } };
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    const problems = asApiError(typeProblems(draft, saved === null, sayInLanguage));
    setLocal(problems);
    if (!problems) save.mutate({ draft, confirmDataLoss: false });
  }

  const title = saved
    ? t('contentTypes.editTitle', { name: saved.plural_label })
    : t('contentTypes.newTitle');
  return (
    <Stack>
      <Anchor component={Link} to="/content-types" size="sm">
        ← {t('contentTypes.back')}
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <BasicsSection
            draft={draft}
            onChange={change}
            errors={rest}
            isNew={saved === null}
            builtin={type?.builtin ?? false}
          />
          <FieldList
            fields={draft.fields}
            onChange={changeFields}
            depth={1}
            errors={byField}
            types={types}
            owner={null}
          />
          <TaxonomiesSection
            selected={draft.taxonomies}
            errors={rest}
            onChange={(taxonomies) =>
              change({
                taxonomies,
                display: {
                  ...draft.display,
                  list_columns: draft.display.list_columns.filter(
                    (column) => !draft.taxonomies.includes(column) || taxonomies.includes(column),
                  ),
                },
              })
            }
          />
          <DisplaySection draft={draft} onChange={(display) => change({ display })} errors={rest} />
          {error && (!invalid || unshown.length > 0) ? (
            <Alert color="red" role="alert">
              {[invalid ? '' : error.message, ...unshown.map(([path, message]) => `${path}: ${message}`)]
                .filter(Boolean)
                .join(' ')}
            </Alert>
          ) : null}
          {canManage ? (
            // Always in reach at the bottom of the window, however long the list of fields.
            <Paper withBorder p="sm" shadow="sm" style={{ position: 'sticky', bottom: 0, zIndex: 3 }}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" c={invalid ? 'red' : 'dimmed'} role="status">
                  {invalid
                    ? t('contentTypes.fixBelow')
                    : dirty
                      ? t('contentTypes.unsaved')
                      : justSaved
                        ? t('contentTypes.saved')
                        : t('contentTypes.noChanges')}
                </Text>
                <Button type="submit" loading={save.isPending} disabled={!dirty}>
                  {saved ? t('contentTypes.save') : t('contentTypes.create')}
                </Button>
              </Group>
            </Paper>
          ) : null}
        </Stack>
      </form>
      <DataLossDialog
        opened={lossOpen && lossErrors !== null}
        error={lossErrors}
        fields={saved?.fields ?? []}
        loading={save.isPending}
        onCancel={() => setLossOpen(false)}
        onConfirm={() => {
          setLossOpen(false);
          save.mutate({ draft, confirmDataLoss: true });
        }}
      />
      <LeaveGuard dirty={dirty && created === null} />
    </Stack>
  );
}

/** The 409 that names values a change would delete (the same code also refuses bad renames). */
function isDataLoss(error: ApiError | null): error is ApiError {
  return (
    error?.code === 'field_data_loss' && !Object.keys(error.errors).some((path) => path.startsWith('renames'))
  );
}

/** What counts as a change: the definition and, for a new type, its slug. */
function comparable(draft: TypeDraft) {
  return { slug: draft.slug.trim(), ...definitionOfType(draft) };
}
