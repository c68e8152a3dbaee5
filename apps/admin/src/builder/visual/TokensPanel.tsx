import { DesignPanel } from '../../appearance/DesignPanel.js';
import { designProblems } from '../../appearance/design.js';
import { sayInLanguage } from '../../forms.js';

/**
 * The site's design tokens beside the canvas: the canvas restyles as they are edited (tokens the
 * server would refuse are not previewed), and every page once they are saved.
 */
export function TokensPanel(props: { onPreview: (design: Record<string, unknown> | null) => void }) {
  return (
    <DesignPanel
      onDraft={(draft) =>
        props.onPreview(
          draft && Object.keys(designProblems(draft, sayInLanguage)).length === 0
            ? (draft as Record<string, unknown>)
            : null,
        )
      }
    />
  );
}
