import { Box, Checkbox, Paper, Progress, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { stockErrorText } from './errors.js';
import type { ImportState } from './imports.js';
import type { StockPhoto } from './queries.js';
import { StockCredit } from './StockCredit.js';

/**
 * The photos found, as tiles: the thumbnail (the provider's own address, as its terms require), a
 * tick box named by the photo's description, the credit, and once imported the photo's state.
 */
export function StockGrid(props: {
  photos: readonly StockPhoto[];
  provider: string;
  label: string;
  selected: readonly StockPhoto[];
  stateOf: (photo: StockPhoto) => ImportState | undefined;
  onToggle: (photo: StockPhoto) => void;
}) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={props.label}
      cols={{ base: 2, xs: 3, md: 4 }}
      spacing="sm"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {props.photos.map((photo) => (
        <StockTile
          key={photo.id}
          photo={photo}
          provider={props.provider}
          chosen={props.selected.some((each) => each.id === photo.id)}
          state={props.stateOf(photo)}
          onToggle={() => props.onToggle(photo)}
        />
      ))}
    </SimpleGrid>
  );
}

function StockTile(props: {
  photo: StockPhoto;
  provider: string;
  chosen: boolean;
  state: ImportState | undefined;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { photo, state } = props;
  // Waiting, importing or imported: ticking it again would import it twice.
  const locked = state !== undefined && state.state !== 'failed';
  const name = photo.description || t('media.stock.untitled');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      style={{
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        outline: props.chosen ? '3px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -1,
      }}
    >
      {/* One label, the picture and the words: clicking either ticks the box laid over the picture. */}
      <Box pos="relative">
        <Box
          component="label"
          htmlFor={id}
          display="block"
          style={{ cursor: locked ? 'default' : 'pointer' }}
        >
          <img
            src={photo.thumbnail_url}
            alt=""
            loading="lazy"
            style={{
              aspectRatio: '4 / 3',
              objectFit: 'cover',
              width: '100%',
              display: 'block',
              background: 'var(--mantine-color-default-hover)',
            }}
          />
          <Text span size="xs" fw={500} px={6} pt={4} lineClamp={2} title={name}>
            {name}
          </Text>
        </Box>
        <Checkbox
          id={id}
          pos="absolute"
          top={6}
          left={6}
          checked={props.chosen}
          disabled={locked}
          onChange={props.onToggle}
          aria-describedby={`${id}-credit`}
        />
      </Box>
      <Box px={6} pb={6} style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: 1 }}>
        <StockCredit photo={photo} provider={props.provider} id={`${id}-credit`} />
        {state ? <ImportLine state={state} provider={props.provider} /> : null}
      </Box>
    </Paper>
  );
}

/** A photo's import: waiting, under way (the server downloads and converts it in one call), done, or why not. */
function ImportLine({ state, provider }: { state: ImportState; provider: string }) {
  const { t } = useTranslation();
  if (state.state === 'failed')
    return (
      <Text size="xs" c="red.9" role="alert">
        {t('media.stock.state.failed')}: {stockErrorText(state.error, provider, t)}
      </Text>
    );
  return (
    <Box>
      <Text
        size="xs"
        c={state.state === 'done' ? 'teal.9' : 'dimmed'}
        fw={state.state === 'done' ? 700 : 400}
      >
        {t(`media.stock.state.${state.state}`)}
      </Text>
      {/* The words above say the state; the bar only shows it moving (no percentage exists to tell). */}
      <Progress
        aria-hidden
        size="sm"
        value={state.state === 'waiting' ? 0 : 100}
        animated={state.state === 'importing'}
        color={state.state === 'done' ? 'green.8' : undefined}
      />
    </Box>
  );
}
