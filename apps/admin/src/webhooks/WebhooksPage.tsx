import { useParams } from 'react-router';
import { NewWebhook } from './NewWebhook.js';
import { WebhookDetail } from './WebhookDetail.js';
import { WebhookList } from './WebhookList.js';

/** /webhooks: the list; /webhooks/new: a new one; /webhooks/{id}: one, its ping and deliveries. */
export function WebhooksPage() {
  const { id } = useParams();
  if (id === undefined) return <WebhookList />;
  if (id === 'new') return <NewWebhook />;
  return <WebhookDetail key={id} id={/^\d+$/.test(id) ? Number(id) : null} />;
}
