import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { Children } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockPhoto } from './queries.js';

// Stand-ins (private-use characters) put where the names go, then replaced by links: each language orders the words its way.
const AUTHOR = '\uE000author\uE000';
const SOURCE = '\uE000source\uE000';

/**
 * "Photo by <photographer> on <provider>", both linked, as Unsplash's and Pexels's terms ask of
 * every photo shown (the links carry the referral Unsplash requires, given by the server).
 */
export function StockCredit({ photo, provider, id }: { photo: StockPhoto; provider: string; id?: string }) {
  const { t } = useTranslation();
  const link = (href: string, text: string) => (
    <Anchor href={href} target="_blank" rel="noopener" inherit>
      {text}
      <VisuallyHidden> {t('media.stock.opensNewTab')}</VisuallyHidden>
    </Anchor>
  );
  // The sentence's pieces never move: keyed by position (Children.toArray) is right here.
  const parts = Children.toArray(
    t('media.stock.credit', { photographer: AUTHOR, provider: SOURCE })
      .split(/(\uE000\w+\uE000)/)
      .map((part) =>
        part === AUTHOR
          ? link(photo.profile_url, photo.photographer)
          : part === SOURCE
            ? link(photo.source_url, provider)
            : part,
      ),
  );
  return (
    <Text size="xs" id={id} lh={1.4}>
      {parts}
    </Text>
  );
}
