import { Badge, Tabs } from '@mantine/core';
import { type DispatchTab, dispatchTabNames } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';

/** One tab per dispatch status with the day's count in each, so nothing waits unseen in another tab. */
export function BoardTabs({
  value,
  totals,
  onChange,
}: {
  value: DispatchTab;
  totals: Record<DispatchTab, number> | undefined;
  onChange: (tab: DispatchTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as DispatchTab)} keepMounted={false}>
      <Tabs.List aria-label={t('dispatch.tabsLabel')} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {dispatchTabNames.map((tab) => {
          const n = totals?.[tab];
          return (
            <Tabs.Tab
              key={tab}
              px="sm"
              value={tab}
              data-testid={`tab-${tab}`}
              rightSection={
                <Badge
                  size="sm"
                  px={6}
                  variant={tab === value ? 'filled' : 'light'}
                  color={tab === 'unallocated' && n ? 'orange' : 'gray'}
                  data-testid={`tab-count-${tab}`}
                >
                  {n === undefined ? '–' : n}
                </Badge>
              }
            >
              {t(`dispatch.tab.${tab}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
