import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in the URL (`?tab=analytics`) so that a reload, a shared
 * link or the Back button shows the same tab. The default tab leaves the URL clean.
 */
export function useTabParam<Tab extends string>(
  tabs: readonly Tab[],
  defaultTab: Tab,
): [Tab, (tab: string) => void] {
  const [parameters, setParameters] = useSearchParams();
  const requested = parameters.get('tab');
  const tab = tabs.find((candidate) => candidate === requested) ?? defaultTab;

  function selectTab(next: string) {
    setParameters(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === defaultTab) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  }

  return [tab, selectTab];
}
