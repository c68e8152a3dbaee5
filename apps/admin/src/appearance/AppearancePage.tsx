import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PatternsPanel } from '../patterns/PatternsPanel.js';
import { SectionsPanel } from '../sections/SectionsPanel.js';
import { useCan } from '../session.js';
import { useDocumentTitle } from '../site.js';
import { DesignPanel } from './DesignPanel.js';
import { DirtyGuard } from './dirty.js';
import { MenusPanel } from './MenusPanel.js';
import { type Section, sectionsFor } from './sections.js';
import { ThemesPanel } from './ThemesPanel.js';
import { WidgetsPanel } from './WidgetsPanel.js';

const PANELS: Record<Section, () => React.JSX.Element> = {
  menus: MenusPanel,
  widgets: WidgetsPanel,
  'header-footer': SectionsPanel,
  patterns: PatternsPanel,
  themes: ThemesPanel,
  design: DesignPanel,
};

/**
 * How the site looks (/appearance/...): its menus, widgets, header and footer, patterns, theme and
 * design tokens, one tab each, shown to those who may use it. /appearance alone opens the first of them.
 */
export function AppearancePage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const navigate = useNavigate();
  const sections = sectionsFor(useCan());
  const current = sections.find((each) => each === section);
  useDocumentTitle(
    current ? `${t(`appearance.tab.${current}`)} – ${t('appearance.title')}` : t('appearance.title'),
  );

  if (!section && sections[0]) return <Navigate to={`/appearance/${sections[0]}`} replace />;
  const Panel = current ? PANELS[current] : null;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('appearance.title')}
      </Title>
      {sections.length === 0 ? (
        <Text role="alert">{t('appearance.noAccess')}</Text>
      ) : (
        <Tabs value={current ?? null} onChange={(next) => next && navigate(`/appearance/${next}`)}>
          <Tabs.List aria-label={t('appearance.tabs')} mb="md">
            {sections.map((slug) => (
              <Tabs.Tab key={slug} value={slug}>
                {t(`appearance.tab.${slug}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {current && Panel ? (
            <Tabs.Panel value={current}>
              <DirtyGuard>
                <Panel />
              </DirtyGuard>
            </Tabs.Panel>
          ) : (
            <Text role="alert">{t('appearance.notFound', { section })}</Text>
          )}
        </Tabs>
      )}
    </Stack>
  );
}
