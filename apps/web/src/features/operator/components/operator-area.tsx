import type { ReactNode } from 'react';
import { IconBuildingFactory2, IconChartBar, IconTruck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { AddressTabs } from '@/components/ui/address-tabs';
import { CompaniesPanel } from './companies-panel';
import { FleetsPanel } from './fleets-panel';

/**
 * The operator area: fleets and installer companies, and every fleet's rollout when the app gives
 * its panel; the open tab kept in the address (?tab=companies).
 */
export function OperatorArea({ rolloutPanel }: { rolloutPanel?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AddressTabs
      label={t('operator.tabs.label')}
      tabs={[
        { value: 'fleets', label: t('operator.tabs.fleets'), icon: IconTruck, testId: 'operator-tab-fleets', panel: <FleetsPanel /> },
        { value: 'companies', label: t('operator.tabs.companies'), icon: IconBuildingFactory2, testId: 'operator-tab-companies', panel: <CompaniesPanel /> },
        ...(rolloutPanel ? [{ value: 'rollout', label: t('operator.tabs.rollout'), icon: IconChartBar, testId: 'operator-tab-rollout', panel: rolloutPanel }] : []),
      ]}
    />
  );
}
