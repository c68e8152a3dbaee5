import { useParams } from 'react-router';
import { MailEventList } from './MailEventList.js';
import { TemplateEditor } from './TemplateEditor.js';

/** /email-templates: the site's mail events; /email-templates/{event}: one event's template. */
export function EmailTemplatesPage() {
  const { event } = useParams();
  return event === undefined ? <MailEventList /> : <TemplateEditor key={event} event={event} />;
}
