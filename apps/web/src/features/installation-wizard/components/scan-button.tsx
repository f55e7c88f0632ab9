import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { ScanField } from '@portal/domain/scan';

// The camera, the reader and its WebAssembly load only once the button is pressed.
const ScannerDialog = lazy(() => import('./scanner-dialog'));

type ScanButtonProps = {
  field: ScanField;
  /** The field's name, as its label shows it. */
  label: string;
  onScan: (value: string) => void;
  /** Of several codes in the picture, the one this accepts is taken first. */
  prefer?: (value: string) => boolean;
  isDisabled?: boolean;
  testId: string;
  /** The wide button's own words ("Scan serial number"): the field's first action, a full-width button above it. */
  wideLabel?: string;
};

/**
 * A camera button that reads the code on the label: a big icon beside a field, or (with `wideLabel`) a
 * full-width button above it. Typing stays possible.
 */
export function ScanButton({ field, label, onScan, prefer, isDisabled, testId, wideLabel }: ScanButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const name = t('wizard.scanner.open', { field: label });
  return (
    <>
      {wideLabel ? (
        <Button fullWidth size="lg" variant="light" radius="md" leftSection={<IconBarcode size={28} aria-hidden />} onClick={() => setOpen(true)} disabled={isDisabled} data-testid={testId}>
          {wideLabel}
        </Button>
      ) : (
        // The browser's own hint on hover: a touch screen has none, and the label says it to screen readers.
        <ActionIcon size={50} variant="light" radius="md" aria-label={name} title={name} onClick={() => setOpen(true)} disabled={isDisabled} data-testid={testId}>
          <IconBarcode size={28} aria-hidden />
        </ActionIcon>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          <ScannerDialog
            field={field}
            label={label}
            prefer={prefer}
            onClose={() => setOpen(false)}
            onResult={(value) => {
              setOpen(false);
              onScan(value);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
