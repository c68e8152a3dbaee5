import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContentTypes } from '../content/types.js';
import { eventText } from '../i18n/server/descriptions.js';

export interface WebhookEvent {
  name: string;
  description: string;
}

/** `post.published` belongs to `post`; `user.created` to `user`. */
export function resourceOf(event: string): string {
  return event.slice(0, event.lastIndexOf('.'));
}

/** The events by the resource they concern, in the order the server lists them. */
function byResource(events: readonly WebhookEvent[]): Array<[string, WebhookEvent[]]> {
  const groups = new Map<string, WebhookEvent[]>();
  for (const event of events) {
    const resource = resourceOf(event.name);
    groups.set(resource, [...(groups.get(resource) ?? []), event]);
  }
  return [...groups];
}

/**
 * The events a webhook subscribes to, grouped by resource: each one, every event of a resource
 * (`post.*`), or everything (`*`, events added later included). A broader choice covers, and
 * greys out, the narrower ones under it.
 */
export function EventPicker(props: {
  events: readonly WebhookEvent[];
  value: readonly string[];
  onChange: (patterns: string[]) => void;
  error: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const types = useContentTypes().data ?? [];
  const chosen = new Set(props.value);
  const everything = chosen.has('*');
  const toggle = (pattern: string, on: boolean, narrower: (each: string) => boolean = () => false) =>
    props.onChange(
      on
        ? [...props.value.filter((each) => !narrower(each)), pattern]
        : props.value.filter((each) => each !== pattern),
    );
  const resourceName = (resource: string) => {
    const type = types.find((each) => each.slug === resource);
    if (type)
      return type.builtin
        ? t(`types.${resource}`, { defaultValue: type.singular_label })
        : type.singular_label;
    return t(`webhooks.resource.${resource}`, { defaultValue: resource });
  };

  return (
    <Fieldset legend={t('webhooks.events')} disabled={props.disabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('webhooks.eventsHelp')}
        </Text>
        <Checkbox
          label={t('webhooks.everything')}
          description="*"
          checked={everything}
          onChange={(event) => toggle('*', event.currentTarget.checked, () => true)}
        />
        {byResource(props.events).map(([resource, events]) => {
          const all = `${resource}.*`;
          const allChosen = everything || chosen.has(all);
          return (
            <Fieldset key={resource} legend={resourceName(resource)} variant="filled" p="sm">
              <Stack gap="xs">
                <Checkbox
                  label={t('webhooks.allOf', { resource: resourceName(resource) })}
                  description={all}
                  checked={allChosen}
                  disabled={everything}
                  onChange={(event) =>
                    toggle(all, event.currentTarget.checked, (each) => resourceOf(each) === resource)
                  }
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  {events.map((event) => (
                    <Checkbox
                      key={event.name}
                      label={event.name}
                      description={eventText(event, types)}
                      checked={allChosen || chosen.has(event.name)}
                      disabled={allChosen}
                      onChange={(change) => toggle(event.name, change.currentTarget.checked)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Fieldset>
          );
        })}
        {props.error ? (
          <Text c="red" size="sm" role="alert">
            {props.error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
