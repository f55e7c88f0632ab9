import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
};

/** A big camera button beside a field: reads the code on the label. Typing stays possible. */
export function ScanButton({ field, label, onScan, prefer, isDisabled, testId }: ScanButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const name = t('wizard.scanner.open', { field: label });
  return (
    <>
      {/* The browser's own hint on hover: a touch screen has none, and the label says it to screen readers. */}
      <ActionIcon size={50} variant="light" radius="md" aria-label={name} title={name} onClick={() => setOpen(true)} disabled={isDisabled} data-testid={testId}>
        <IconBarcode size={28} aria-hidden />
      </ActionIcon>
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
