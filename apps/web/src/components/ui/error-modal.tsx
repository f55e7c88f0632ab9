import { useId, useState } from 'react';
import { Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { ApiError } from '@/lib/api-error';

type ErrorModalProps = {
  error: ApiError | null;
  onClose: () => void;
};

/**
 * SPEC §8: 'Something went wrong / Please try again later.' with status, code, message and details;
 * when the service cannot be reached it says so, and that trying again shortly will help.
 */
export function ErrorModal({ error, onClose }: ErrorModalProps) {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();

  const close = () => {
    setShowDetails(false);
    onClose();
  };

  const isUnavailable = error?.isServiceUnavailable ?? false;

  return (
    <Modal
      opened={error !== null}
      onClose={close}
      title={isUnavailable ? t('errors.modal.unavailableTitle') : t('errors.modal.title')}
      centered
      closeOnEscape
      size="lg"
      zIndex={1000}
      closeButtonProps={{ size: 'xl', 'aria-label': t('errors.modal.close') }}
      attributes={{ content: { 'data-testid': 'error-modal' } }}
    >
      {error && (
        <Stack gap="md">
          <Text data-testid="error-modal-text">{isUnavailable ? t('errors.modal.unavailableText') : t('errors.modal.text')}</Text>
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>{t('errors.modal.status')}</Table.Th>
                <Table.Td data-testid="error-modal-status">{error.status}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('errors.modal.code')}</Table.Th>
                <Table.Td data-testid="error-modal-code">{error.code}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('errors.modal.message')}</Table.Th>
                <Table.Td data-testid="error-modal-message" style={{ overflowWrap: 'anywhere' }}>
                  {error.message}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {showDetails && (
            <Code block id={detailsId} data-testid="error-modal-details" style={{ maxHeight: 240, overflow: 'auto' }}>
              {JSON.stringify(error.details ?? error.toJSON(), null, 2)}
            </Code>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => setShowDetails((shown) => !shown)}
              aria-expanded={showDetails}
              aria-controls={detailsId}
            >
              {showDetails ? t('errors.modal.hideDetails') : t('errors.modal.showDetails')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('errors.modal.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
