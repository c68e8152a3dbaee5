/**
 * The tabs block in the browser (WAI-ARIA tabs pattern, automatic activation): a click or Enter
 * selects a tab; Left and Right move between tabs (wrapping), Home and End go to the first and
 * last; only the selected tab is in the Tab order, and its panel follows it. An address whose
 * fragment names a panel opens it. Shipped as this function's source (scripts.ts): it must not
 * use anything from outside its own body.
 */
export function tabsScript(): void {
  const select = (tabs: HTMLElement[], chosen: HTMLElement, focus: boolean) => {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
      tab.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !on;
    }
    if (focus) chosen.focus();
  };
  for (const root of document.querySelectorAll<HTMLElement>('[data-tb-tabs]')) {
    const tabs = [...root.querySelectorAll<HTMLElement>('[role="tab"]')];
    for (const tab of tabs) {
      tab.addEventListener('click', () => select(tabs, tab, false));
      tab.addEventListener('keydown', (event) => {
        const at = tabs.indexOf(tab);
        const next: Record<string, number> = {
          ArrowRight: (at + 1) % tabs.length,
          ArrowLeft: (at - 1 + tabs.length) % tabs.length,
          Home: 0,
          End: tabs.length - 1,
        };
        const to = next[event.key];
        const target = to === undefined ? undefined : tabs[to];
        if (!target) return;
        event.preventDefault();
        select(tabs, target, true);
      });
    }
    const wanted = location.hash.slice(1);
    const linked = wanted && tabs.find((tab) => tab.getAttribute('aria-controls') === wanted);
    if (linked) select(tabs, linked, false);
  }
}
