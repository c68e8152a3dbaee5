import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../site.js';
import { CampaignEditor } from './CampaignEditor.js';
import { CampaignList } from './CampaignList.js';
import { CampaignReport } from './CampaignReport.js';
import { ListsPanel } from './ListsPanel.js';
import { SubscriberList } from './SubscriberList.js';

const SECTIONS = ['campaigns', 'subscribers', 'lists'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * /newsletter: the campaigns (default), the subscribers and the lists, as tabs;
 * /newsletter/campaigns/new and /newsletter/campaigns/{id}: one campaign written or, once sent, its
 * report (/newsletter/campaigns/{id}/report).
 */
export function NewsletterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { section, id, view } = useParams();
  useDocumentTitle(t('newsletter.title'));
  if (section === 'campaigns' && id !== undefined) {
    if (id === 'new') return <CampaignEditor id={null} />;
    const campaignId = /^\d+$/.test(id) ? Number(id) : null;
    if (view === 'report') return <CampaignReport key={id} id={campaignId} />;
    return <CampaignEditor key={id} id={campaignId} />;
  }
  const current: Section = SECTIONS.includes(section as Section) ? (section as Section) : 'campaigns';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('newsletter.title')}
      </Title>
      <Tabs
        value={current}
        onChange={(value) => navigate(value === 'campaigns' ? '/newsletter' : `/newsletter/${value}`)}
        keepMounted={false}
      >
        <Tabs.List>
          {SECTIONS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`newsletter.sections.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="campaigns" pt="md">
          <CampaignList />
        </Tabs.Panel>
        <Tabs.Panel value="subscribers" pt="md">
          <SubscriberList />
        </Tabs.Panel>
        <Tabs.Panel value="lists" pt="md">
          <ListsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
