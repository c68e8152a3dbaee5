import {
  Checkbox,
  Fieldset,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { MONOSPACE, SECTION } from './controls.js';
import type { Draft } from './draft.js';
import type { FormSettings } from './records.js';
import { messagesAt } from './save-errors.js';

/**
 * The form's own settings: its title and address, what its button says, what follows a sending,
 * who is told, and its anti-spam limits (empty: the plugin's settings for every form).
 */
export function SettingsEditor(props: {
  draft: Draft;
  errors: Readonly<Record<string, readonly string[]>>;
  onChange: (draft: Draft) => void;
  t: AdminTranslate;
}) {
  const { draft, t } = props;
  const { settings } = draft;
  const error = (path: string) => messagesAt(props.errors, path);
  const set = (patch: Partial<FormSettings>) =>
    props.onChange({ ...draft, settings: { ...settings, ...patch } });
  const emailFields = draft.fields
    .filter((field) => field.type === 'email')
    .map((field) => ({ value: field.name, label: `${field.label} (${field.name})` }));
  const limit = (key: 'per_minute' | 'min_seconds' | 'max_links', min: number) => (
    <NumberInput
      label={t(`settings.${key}`)}
      description={t(`settings.${key}Help`)}
      value={settings[key] ?? ''}
      min={min}
      allowDecimal={false}
      allowNegative={false}
      onChange={(value) => set({ [key]: typeof value === 'number' ? value : null })}
      error={error(`settings.${key}`)}
    />
  );

  return (
    <Stack gap="lg" maw={720}>
      <Fieldset legend={t('settings.form')} variant="unstyled" styles={SECTION}>
        <Stack gap="sm">
          <TextInput
            label={t('settings.title')}
            required
            maxLength={200}
            value={draft.title}
            onChange={(event) => props.onChange({ ...draft, title: event.currentTarget.value })}
            error={error('title')}
          />
          <TextInput
            label={t('settings.slug')}
            description={t('settings.slugHelp', { path: `/forms/${draft.slug || '…'}` })}
            required
            maxLength={60}
            styles={MONOSPACE}
            value={draft.slug}
            onChange={(event) => props.onChange({ ...draft, slug: event.currentTarget.value.toLowerCase() })}
            error={error('slug')}
          />
          <TextInput
            label={t('settings.submitLabel')}
            required
            maxLength={100}
            value={settings.submit_label}
            onChange={(event) => set({ submit_label: event.currentTarget.value })}
            error={error('settings.submit_label')}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('settings.after')} variant="unstyled" styles={SECTION}>
        <Stack gap="sm">
          <Radio.Group
            label={t('settings.success')}
            value={settings.success.kind}
            onChange={(kind) =>
              set({
                success:
                  kind === 'redirect'
                    ? { kind: 'redirect', to: '' }
                    : { kind: 'message', message: t('defaults.success') },
              })
            }
            error={error('settings.success.kind')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="message" label={t('settings.successMessage')} />
              <Radio value="redirect" label={t('settings.successRedirect')} />
            </Stack>
          </Radio.Group>
          {settings.success.kind === 'message' ? (
            <Textarea
              label={t('settings.message')}
              required
              autosize
              minRows={2}
              value={settings.success.message}
              onChange={(event) => set({ success: { kind: 'message', message: event.currentTarget.value } })}
              error={error('settings.success.message')}
            />
          ) : (
            <TextInput
              label={t('settings.redirect')}
              description={t('settings.redirectHelp')}
              required
              value={settings.success.to}
              onChange={(event) => set({ success: { kind: 'redirect', to: event.currentTarget.value } })}
              error={error('settings.success.to')}
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('settings.notifications')} variant="unstyled" styles={SECTION}>
        <Stack gap="sm">
          <TagsInput
            label={t('settings.recipients')}
            description={t('settings.recipientsHelp')}
            value={settings.recipients}
            onChange={(recipients) => set({ recipients })}
            splitChars={[',', ' ', ';']}
            error={error('settings.recipients')}
          />
          <Select
            label={t('settings.replyTo')}
            description={emailFields.length === 0 ? t('settings.noEmailField') : t('settings.replyToHelp')}
            data={emailFields}
            value={settings.reply_to_field}
            onChange={(reply_to_field) => set({ reply_to_field })}
            disabled={emailFields.length === 0}
            clearable
            error={error('settings.reply_to_field')}
          />
          <Checkbox
            label={t('settings.confirmation')}
            description={t('settings.confirmationHelp')}
            checked={settings.confirmation.enabled}
            onChange={(event) =>
              set({
                confirmation: {
                  enabled: event.currentTarget.checked,
                  email_field: settings.confirmation.email_field ?? emailFields[0]?.value ?? null,
                },
              })
            }
            error={error('settings.confirmation.enabled')}
          />
          {settings.confirmation.enabled ? (
            <Select
              label={t('settings.confirmationField')}
              data={emailFields}
              value={settings.confirmation.email_field}
              onChange={(email_field) => set({ confirmation: { enabled: true, email_field } })}
              required
              error={error('settings.confirmation.email_field')}
            />
          ) : null}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('settings.spam')} variant="unstyled" styles={SECTION}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {limit('per_minute', 1)}
          {limit('min_seconds', 0)}
          {limit('max_links', 0)}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
