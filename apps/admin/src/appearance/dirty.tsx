import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from 'react';
import { LeaveGuard } from '../shell/LeaveGuard.js';

const ReportDirty = createContext<(key: string, dirty: boolean) => void>(() => undefined);

/**
 * One LeaveGuard for all the forms of a screen: React Router heeds only one blocker at a time, and
 * a screen here holds several forms (a menu's name, a link being added, a dialog).
 */
export function DirtyGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((key: string, isDirty: boolean) => {
    setDirty((now) => {
      if (now.has(key) === isDirty) return now;
      const next = new Set(now);
      if (isDirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return (
    <ReportDirty.Provider value={report}>
      {children}
      <LeaveGuard dirty={dirty.size > 0} />
    </ReportDirty.Provider>
  );
}

/** Tells the screen's guard whether this form holds unsaved changes. */
export function useUnsaved(dirty: boolean): void {
  const report = useContext(ReportDirty);
  const key = useId();
  useEffect(() => {
    report(key, dirty);
    return () => report(key, false);
  }, [report, key, dirty]);
}
