import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

export type AddressTab<T extends string> = { value: T; label: string; icon: Icon; testId: string; panel: ReactNode };

type AddressTabsProps<T extends string> = {
  /** The first tab is the one shown when the address names none. */
  tabs: readonly [AddressTab<T>, ...AddressTab<T>[]];
  /** The tab list's name for screen readers. */
  label: string;
};

/** Tabs of an area, the open one kept in the address (?tab=access; none for the first); a panel mounts when its tab opens. */
export function AddressTabs<T extends string>({ tabs, label }: AddressTabsProps<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const first = tabs[0].value;
  const tab = tabs.find((item) => item.value === requested)?.value ?? first;

  const onTabChange = (value: string | null) => {
    if (!tabs.some((item) => item.value === value) || value === null || value === tab) return;
    setSearchParams(value === first ? {} : { tab: value }, { replace: true });
  };

  return (
    <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
      <Tabs.List aria-label={label} mb="lg">
        {tabs.map(({ value, label: tabLabel, icon: TabIcon, testId }) => (
          <Tabs.Tab key={value} value={value} leftSection={<TabIcon aria-hidden size={20} />} fz="md" mih={48} data-testid={testId}>
            {tabLabel}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, panel }) => (
        <Tabs.Panel key={value} value={value}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
