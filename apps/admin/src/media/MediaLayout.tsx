import { Button } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MediaGrid, type MediaItemsProps } from './MediaGrid.js';
import { MediaList } from './MediaList.js';

export type MediaLayout = 'grid' | 'list';

/** Tiles or a table, as the user last chose on this browser (the library and the picker alike). */
export function useMediaLayout() {
  return useLocalStorage<MediaLayout>({
    key: 'tessera.media.layout',
    defaultValue: 'grid',
    // Read at once: the first paint is already the chosen layout.
    getInitialValueInEffect: false,
    serialize: (layout) => layout,
    deserialize: (stored) => (stored === 'list' ? 'list' : 'grid'),
  });
}

/** Two pressed-or-not buttons: grid or list. */
export function MediaLayoutToggle(props: { value: MediaLayout; onChange: (layout: MediaLayout) => void }) {
  const { t } = useTranslation();
  return (
    // Button.Group is a role="group", named here.
    <Button.Group aria-label={t('media.layout.label')}>
      {(['grid', 'list'] as const).map((layout) => (
        <Button
          key={layout}
          variant={props.value === layout ? 'filled' : 'default'}
          aria-pressed={props.value === layout}
          onClick={() => props.onChange(layout)}
        >
          {t(`media.layout.${layout}`)}
        </Button>
      ))}
    </Button.Group>
  );
}

/** The items in the chosen layout; both take the same props and behave the same. */
export function MediaItems({ layout, ...props }: MediaItemsProps & { layout: MediaLayout }) {
  return layout === 'list' ? <MediaList {...props} /> : <MediaGrid {...props} />;
}
