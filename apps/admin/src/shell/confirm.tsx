import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';

// The dialog (Mantine's Modal) is fetched when first asked, not with the first load: the provider
// sits around every screen, and loading it eagerly added about 10 KB gzipped to the sign-in page and
// dashboard (their budget: admin-app.int.test.ts).
const ConfirmDialog = lazy(() => import('./ConfirmDialog.js').then((m) => ({ default: m.ConfirmDialog })));

/** What `useConfirm` asks: a short title, the question's details, the confirm button's words. */
export interface Question {
  title: string;
  text?: string;
  confirm: string;
  /** Red confirm button, focus on Cancel: for what cannot be taken back. */
  danger?: boolean;
}

type Ask = (question: Question) => Promise<boolean>;

const AskContext = createContext<Ask | null>(null);

/** Holds the one dialog that `useConfirm` opens: mounted once, around every signed-in screen (router.tsx). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The question stays while the dialog closes, so its words do not vanish during the transition.
  const [asked, setAsked] = useState<{ question: Question; opened: boolean } | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const ask = useCallback<Ask>((question) => {
    // A question asked while another is open replaces it: the first counts as declined.
    answer.current?.(false);
    setAsked({ question, opened: true });
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const reply = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setAsked((current) => (current ? { ...current, opened: false } : null));
  };
  return (
    <AskContext.Provider value={ask}>
      {children}
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={asked.opened}
            title={asked.question.title}
            text={asked.question.text}
            confirm={asked.question.confirm}
            danger={asked.question.danger}
            onConfirm={() => reply(true)}
            onClose={() => reply(false)}
          />
        </Suspense>
      ) : null}
    </AskContext.Provider>
  );
}

/**
 * Asks a yes-or-no question in the admin's own dialog (styled, in the interface's language, checked
 * by axe), not the browser's `window.confirm`: resolves true when confirmed, false when dismissed.
 *
 * @example
 * const confirm = useConfirm();
 * if (await confirm({ title: t('webhooks.deleteTitle'), text, confirm: t('webhooks.delete'), danger: true }))
 *   remove.mutate();
 */
export function useConfirm(): Ask {
  const ask = useContext(AskContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it (router.tsx)');
  return ask;
}
