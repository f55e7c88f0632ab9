import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegistrySystem } from '../api/get-registry';
import { CardFields } from '@/components/ui/card-list';
import classes from './registry.module.css';

type SystemDevicesProps = {
  system: RegistrySystem;
  /** 'tables' beside each other in the wide table, 'list' of small blocks in the narrow cards. */
  variant: 'tables' | 'list';
};

/** The charge controllers and telematics units of one system. */
export function SystemDevices({ system, variant }: SystemDevicesProps) {
  const { t } = useTranslation();
  const none = (
    <Text size="sm" c="dimmed">
      {t('admin.registry.none')}
    </Text>
  );

  if (variant === 'list') {
    return (
      <Stack gap="md" data-testid="system-devices">
        <div>
          <Title order={3} size="h5" mb={4}>
            {t('admin.registry.controllersTitle')}
          </Title>
          {system.chargeControllers.length === 0
            ? none
            : system.chargeControllers.map((controller) => (
                <CardFields key={controller.serialNumber} className={classes.deviceFields}>
                  <dt>{t('admin.registry.controller.serialNumber')}</dt>
                  <dd>
                    <Group gap={6} wrap="nowrap" component="span">
                      <span className={classes.mono}>{controller.serialNumber}</span>
                      <Badge variant="light" size="sm">
                        {controller.type}
                      </Badge>
                    </Group>
                  </dd>
                  <dt>{t('admin.registry.controller.hardwareVersion')}</dt>
                  <dd>{controller.hardwareVersion}</dd>
                  <dt>{t('admin.registry.controller.firmwareVersion')}</dt>
                  <dd>{controller.firmwareVersion}</dd>
                </CardFields>
              ))}
        </div>
        <div>
          <Title order={3} size="h5" mb={4}>
            {t('admin.registry.telematicsTitle')}
          </Title>
          {system.telematics.length === 0
            ? none
            : system.telematics.map((unit) => (
                <CardFields key={unit.imei} className={classes.deviceFields}>
                  <dt>{t('admin.registry.telematics.unit')}</dt>
                  <dd>{unit.unit}</dd>
                  <dt>{t('admin.registry.telematics.imei')}</dt>
                  <dd className={classes.mono}>{unit.imei}</dd>
                  <dt>{t('admin.registry.telematics.iccid')}</dt>
                  <dd className={classes.mono}>{unit.iccid}</dd>
                </CardFields>
              ))}
        </div>
      </Stack>
    );
  }

  return (
    <div className={classes.devicesGrid} data-testid="system-devices">
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('admin.registry.controllersTitle')}
        </Title>
        {system.chargeControllers.length === 0 ? (
          none
        ) : (
          <Table withTableBorder verticalSpacing={6} fz="sm" className={classes.devices}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.registry.controller.serialNumber')}</Table.Th>
                <Table.Th>{t('admin.registry.controller.type')}</Table.Th>
                <Table.Th>{t('admin.registry.controller.hardwareVersion')}</Table.Th>
                <Table.Th>{t('admin.registry.controller.firmwareVersion')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {system.chargeControllers.map((controller) => (
                <Table.Tr key={controller.serialNumber}>
                  <Table.Td className={`${classes.mono} ${classes.nowrap}`}>{controller.serialNumber}</Table.Td>
                  <Table.Td>{controller.type}</Table.Td>
                  <Table.Td>{controller.hardwareVersion}</Table.Td>
                  <Table.Td>{controller.firmwareVersion}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('admin.registry.telematicsTitle')}
        </Title>
        {system.telematics.length === 0 ? (
          none
        ) : (
          <Table withTableBorder verticalSpacing={6} fz="sm" className={classes.devices}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.registry.telematics.unit')}</Table.Th>
                <Table.Th>{t('admin.registry.telematics.imei')}</Table.Th>
                <Table.Th>{t('admin.registry.telematics.iccid')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {system.telematics.map((unit) => (
                <Table.Tr key={unit.imei}>
                  <Table.Td>{unit.unit}</Table.Td>
                  <Table.Td className={`${classes.mono} ${classes.nowrap}`}>{unit.imei}</Table.Td>
                  <Table.Td className={`${classes.mono} ${classes.nowrap}`}>{unit.iccid}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
    </div>
  );
}
