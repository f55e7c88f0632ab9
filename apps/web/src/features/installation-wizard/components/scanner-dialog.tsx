import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconBulb, IconBulbOff, IconCameraRotate, IconCameraOff, IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { normalizeScan, SCAN_FORMATS, type ScanField } from '@portal/domain/scan';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { createBarcodeReader } from '../lib/barcode-reader';

type CameraState = 'starting' | 'scanning' | 'denied' | 'noCamera' | 'failed';
type Facing = 'environment' | 'user';

export type ScannerDialogProps = {
  field: ScanField;
  /** The field's name, as its label shows it. */
  label: string;
  /** The value read, normalised for the field (see normalizeScan). */
  onResult: (value: string) => void;
  onClose: () => void;
  /** Of several codes on one label, the one this accepts is taken first (e.g. the registry's value). */
  prefer?: (value: string) => boolean;
};

const SCAN_INTERVAL_MS = 150;

function cameraProblem(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

type TorchTrack = Omit<MediaStreamTrack, 'getCapabilities'> & { getCapabilities?: () => MediaTrackCapabilities & { torch?: boolean } };

/**
 * The camera picture with a frame to hold the label in; the first code that is a value of the
 * field closes it. Loaded only when a scan button is pressed.
 */
export default function ScannerDialog({ field, label, onResult, onClose, prefer }: ScannerDialogProps) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<TorchTrack | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [facing, setFacing] = useState<Facing>('environment');
  const [canSwitch, setCanSwitch] = useState(false);
  const [canTorch, setCanTorch] = useState(false);
  const [isTorchOn, setTorchOn] = useState(false);
  const latest = useRef({ onResult, prefer });
  useEffect(() => {
    latest.current = { onResult, prefer };
  });

  useEffect(() => {
    let isStopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => stream?.getTracks().forEach((each) => each.stop());
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('noCamera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: facing }, width: { ideal: 1280 }, height: { ideal: 720 } } });
      } catch (error) {
        if (!isStopped) setState(cameraProblem(error));
        return;
      }
      if (isStopped || !video.current) return stop();
      const element = video.current;
      element.srcObject = stream;
      await element.play().catch(() => {});
      const current = stream.getVideoTracks()[0] as TorchTrack | undefined;
      track.current = current ?? null;
      setCanTorch(current?.getCapabilities?.().torch === true);
      setTorchOn(false);
      const devices = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
      setCanSwitch(devices.filter((d) => d.kind === 'videoinput').length > 1);
      let reader: Awaited<ReturnType<typeof createBarcodeReader>>;
      try {
        reader = await createBarcodeReader(SCAN_FORMATS[field]);
      } catch {
        if (!isStopped) setState('failed');
        return stop();
      }
      if (isStopped) return;
      setState('scanning');
      const scan = async () => {
        if (isStopped) return;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const values = await reader.detect(element).catch(() => [] as string[]);
          const found = values.map((raw) => normalizeScan(field, raw)).filter((v): v is string => v !== null);
          const preferred = latest.current.prefer;
          const value = (preferred && found.find(preferred)) ?? found[0];
          if (value && !isStopped) {
            isStopped = true;
            stop();
            latest.current.onResult(value);
            return;
          }
        }
        timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
      };
      void scan();
    })();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      stop();
      track.current = null;
    };
  }, [field, facing]);

  const onTorch = async () => {
    const next = !isTorchOn;
    try {
      await track.current?.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorchOn(next);
    } catch {
      setCanTorch(false);
    }
  };

  const problem = state === 'denied' || state === 'noCamera' || state === 'failed' ? state : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('wizard.scanner.title', { field: label })}
      fullScreen={isNarrow}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('wizard.scanner.close'), size: 'xl' }}
      attributes={{ content: { 'data-testid': 'scanner' } }}
    >
      <Stack gap="md">
        {problem ? (
          <Alert color="red" variant="light" icon={<IconCameraOff aria-hidden />} role="alert" data-testid="scanner-problem" data-problem={problem}>
            <Text size="md">{t(`wizard.scanner.${problem}`)}</Text>
          </Alert>
        ) : (
          <Box pos="relative" bg="dark.9" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3' }}>
            <video
              ref={video}
              muted
              playsInline
              aria-label={t('wizard.scanner.video')}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', transform: facing === 'user' ? 'scaleX(-1)' : undefined }}
              data-testid="scanner-video"
            />
            <Box
              aria-hidden
              pos="absolute"
              style={{ inset: '20% 10%', border: '3px solid rgba(255,255,255,0.9)', borderRadius: 12, boxShadow: '0 0 0 100vmax rgba(0,0,0,0.35)' }}
            />
          </Box>
        )}
        <Group gap="xs" role="status" aria-live="polite" data-testid="scanner-status" data-state={state}>
          {state === 'starting' && <Loader size="sm" aria-hidden />}
          <Text size="md">{state === 'starting' ? t('wizard.scanner.starting') : problem ? '' : t('wizard.scanner.hint')}</Text>
        </Group>
        <Group gap="sm" grow={isNarrow} wrap="wrap">
          {canTorch && !problem && (
            <Button
              size="lg"
              variant="default"
              leftSection={isTorchOn ? <IconBulbOff aria-hidden /> : <IconBulb aria-hidden />}
              onClick={() => void onTorch()}
              aria-pressed={isTorchOn}
              data-testid="scanner-torch"
            >
              {isTorchOn ? t('wizard.scanner.torchOff') : t('wizard.scanner.torchOn')}
            </Button>
          )}
          {canSwitch && !problem && (
            <Button
              size="lg"
              variant="default"
              leftSection={<IconCameraRotate aria-hidden />}
              onClick={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
              data-testid="scanner-switch"
            >
              {t('wizard.scanner.switchCamera')}
            </Button>
          )}
          <Button size="lg" leftSection={<IconKeyboard aria-hidden />} onClick={onClose} data-autofocus data-testid="scanner-close">
            {t('wizard.scanner.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
