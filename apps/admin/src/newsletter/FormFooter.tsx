import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';

/**
 * The end of the newsletter's small forms: a refusal that names no field said above Save and
 * Cancel (those that name one are shown beside it).
 */
export function FormFooter(props: {
  error: unknown;
  fieldErrors: Record<string, string>;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.error && Object.keys(props.fieldErrors).length === 0 ? (
        <Text c="red" size="sm" role="alert">
          {toApiError(props.error).message}
        </Text>
      ) : null}
      <Group>
        <Button type="submit" loading={props.pending}>
          {t('newsletter.save')}
        </Button>
        <Button variant="default" onClick={props.onCancel}>
          {t('newsletter.cancel')}
        </Button>
      </Group>
    </>
  );
}
