import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StepFooter } from '../components/step-footer';
import type { StepProps } from '../components/step-props';

/** The devices the digital check will wait for: every telematics unit and every charge controller. */
export function DigitalCheckStep({ installation, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const { system } = installation;
  const notStarted = (
    <Badge color="gray" variant="light" size="lg">
      {t('wizard.digitalCheck.notStarted')}
    </Badge>
  );
  return (
    <Stack gap="lg">
      <Text>{t('wizard.digitalCheck.intro')}</Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="md" withTableBorder data-testid="digital-check-devices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wizard.digitalCheck.device')}</Table.Th>
              <Table.Th>{t('wizard.digitalCheck.identifier')}</Table.Th>
              <Table.Th>{t('wizard.digitalCheck.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {system.telematics.map((unit) => (
              <Table.Tr key={unit.imei}>
                <Table.Td>{t('wizard.digitalCheck.telematics', { unit: unit.unit })}</Table.Td>
                <Table.Td>{t('wizard.digitalCheck.imei', { imei: unit.imei })}</Table.Td>
                <Table.Td>{notStarted}</Table.Td>
              </Table.Tr>
            ))}
            {system.chargeControllers.map((controller) => (
              <Table.Tr key={controller.id}>
                <Table.Td>{t('wizard.digitalCheck.controller', { type: t(`wizard.controllerTypes.${controller.type}`) })}</Table.Td>
                <Table.Td>{controller.serialNumber}</Table.Td>
                <Table.Td>{notStarted}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('wizard.digitalCheck.noticeTitle')}>
        {t('wizard.digitalCheck.notice')}
      </Alert>
      <StepFooter onNext={onNext} isReadOnly={isReadOnly} />
    </Stack>
  );
}
