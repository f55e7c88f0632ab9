import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconCircleCheck, IconCircleX, IconInfoCircle, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import type { SystemCheckRun, UnitCheckType } from '@portal/domain/system-check';
import { SUCCESS_TEXT_COLOR, WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { isApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useIsPhone } from '@/lib/use-is-narrow';
import { installationKeys } from '@/lib/query-keys';
import { useSystemChecks } from '../api/get-system-checks';
import { useRestartSystemChecks } from '../api/restart-system-checks';
import { CheckList, type CheckListRow, type CheckVerification } from '../components/check-list';
import { QueryFallback } from '../components/query-fallback';
import { ProceedWithFailedChecksModal } from '../components/proceed-with-failed-checks-modal';
import { StepFooter } from '../components/step-footer';
import { WRAPPING_BUTTON } from '../components/wrapping-button';
import type { StepProps } from '../components/step-props';
import { useCheckEvents, type CheckStreamStatus } from '../hooks/use-check-events';
import { useSaveProceedFlag } from '../hooks/use-save-proceed-flag';
import { formatCountdown, remainingMs, runOutcome, type RunOutcome } from '../lib/check-run';
import { useCheckVerificationStore } from '../stores/check-verification-store';
import { MailLink } from '@/components/ui/mail-link';

/** Time left in the run's window, ticking each second while checks wait. */
function Countdown({ run }: { run: SystemCheckRun }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = remainingMs(run, now);
  return (
    <Text size="sm" role="timer" data-testid="check-countdown">
      {left > 0 ? t('wizard.digitalCheck.countdown', { time: formatCountdown(left) }) : t('wizard.digitalCheck.countdownOver')}
    </Text>
  );
}

function StreamBadge({ status }: { status: CheckStreamStatus }) {
  const { t } = useTranslation();
  if (status === 'failed') return null;
  const color = status === 'live' ? 'green' : status === 'reconnecting' ? 'orange' : 'gray';
  const textColor = status === 'live' ? SUCCESS_TEXT_COLOR : status === 'reconnecting' ? WARNING_TEXT_COLOR : undefined;
  return (
    <Badge
      color={color}
      c={textColor}
      variant="light"
      size="lg"
      leftSection={status === 'live' ? <span aria-hidden>●</span> : <Loader size={12} color={color} aria-hidden />}
      data-testid="stream-status"
      data-status={status}
    >
      {t(`wizard.digitalCheck.stream.${status}`)}
    </Badge>
  );
}

function OutcomeHeader({ outcome, run }: { outcome: RunOutcome; run: SystemCheckRun }) {
  const { t } = useTranslation();
  if (outcome === 'pending') {
    return (
      <Group gap="sm" wrap="nowrap">
        <Loader size={28} aria-hidden />
        <Stack gap={0}>
          <Text fw={700}>{t('wizard.digitalCheck.result.pending')}</Text>
          <Countdown run={run} />
        </Stack>
      </Group>
    );
  }
  const isPassed = outcome === 'passed';
  return (
    <Group gap="sm" wrap="nowrap" data-testid="check-outcome" data-outcome={outcome}>
      {isPassed ? (
        <IconCircleCheck size={32} color={SUCCESS_TEXT_COLOR} aria-hidden />
      ) : (
        <IconCircleX size={32} color="var(--mantine-color-red-9)" aria-hidden />
      )}
      <Text fw={700} c={isPassed ? SUCCESS_TEXT_COLOR : 'red.9'}>
        {isPassed ? t('wizard.digitalCheck.passedTitle') : t('wizard.digitalCheck.failedTitle')}
      </Text>
    </Group>
  );
}

type NextProblem = 'stillRunning' | 'notVerified' | null;

/**
 * SPEC §2 digital check: opening the tab reads (or starts) the run, a server-sent event stream
 * turns the rows as the devices report. Next needs every result seen, and asks before going on
 * with a failed check.
 */
export function DigitalCheckStep({ installation, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isNarrow = useIsPhone();
  const { id, system } = installation;
  const checksQuery = useSystemChecks(id);
  const run = checksQuery.data;
  const stream = useCheckEvents(id, { enabled: run !== undefined && !isReadOnly });
  const restart = useRestartSystemChecks(id);
  const proceedFlag = useSaveProceedFlag(installation);
  const verified = useCheckVerificationStore((state) => state.verified);
  const setVerified = useCheckVerificationStore((state) => state.setVerified);
  const [nextProblem, setNextProblem] = useState<NextProblem>(null);
  const [isProceedOpen, setProceedOpen] = useState(false);
  const [isMovingOn, setMovingOn] = useState(false);

  const checks = run?.checks ?? [];
  const outcome = runOutcome(checks);
  const isAllVerified = checks.every((c) => verified[c.id]);
  const shownProblem = nextProblem === 'stillRunning' && outcome !== 'pending' ? null : nextProblem === 'notVerified' && isAllVerified ? null : nextProblem;

  const verification: CheckVerification | null = isReadOnly
    ? null
    : {
        isVerified: (check) => verified[check.id] === true,
        onChange: (check, isVerified) => setVerified(check.id, isVerified),
        errorFor: (check) =>
          nextProblem === 'notVerified' && check.status !== 'pending' && !verified[check.id] ? t('solar.errors.formErrors.checkedOnError') : undefined,
      };

  /** Rows of the checks a telematics unit reports, named after the unit. */
  const unitRows = (type: UnitCheckType, deviceKey: 'telematics' | 'ignition' | 'senseLine'): CheckListRow[] =>
    checks
      .filter((c) => c.type === type)
      .map((check) => {
        const unit = system.telematics.find((u) => u.imei === check.imei)?.unit ?? check.imei ?? '–';
        return {
          check,
          device: t(`wizard.digitalCheck.${deviceKey}`, { unit }),
          values: [
            { label: t('wizard.digitalCheck.columns.imei'), value: check.imei ?? '–', testId: 'check-imei' },
            { label: t('wizard.digitalCheck.columns.createdAt'), value: check.createdAt, testId: 'check-created' },
          ],
        };
      });
  const telematicsRows = unitRows('telematics-heartbeat', 'telematics');
  const ignitionRows = unitRows('ignition-heartbeat', 'ignition');
  const senseLineRows = unitRows('sense-line-connection', 'senseLine');
  const controllerRows: CheckListRow[] = checks
    .filter((c) => c.type === 'mcu-heartbeat')
    .map((check) => {
      const serial = check.controllerSerial ?? '';
      const controller = system.chargeControllers.find((c) => c.serialNumber.toLowerCase() === serial.toLowerCase());
      return {
        check,
        device: controller ? t('wizard.digitalCheck.controller', { type: t(`wizard.controllerTypes.${controller.type}`) }) : t('wizard.digitalCheck.controllersTitle'),
        values: [
          { label: t('wizard.digitalCheck.columns.serial'), value: serial || '–', testId: 'check-serial' },
          { label: t('wizard.digitalCheck.columns.totalMcu'), value: check.totalMcu ?? '–', testId: 'check-total-mcu' },
        ],
      };
    });

  // Ignition and sense line are tested by the installer's hand: their lists say how, until the installation is completed.
  const hintOf = (key: 'ignitionHint' | 'senseLineHint') => (isReadOnly ? undefined : t(`wizard.digitalCheck.${key}`));
  const checkLists = [
    { title: t('wizard.digitalCheck.telematicsTitle'), rows: telematicsRows, testId: 'checks-telematics' },
    { title: t('wizard.digitalCheck.controllersTitle'), rows: controllerRows, testId: 'checks-controllers' },
    { title: t('wizard.digitalCheck.ignitionTitle'), description: hintOf('ignitionHint'), rows: ignitionRows, testId: 'checks-ignition' },
    { title: t('wizard.digitalCheck.senseLineTitle'), description: hintOf('senseLineHint'), rows: senseLineRows, testId: 'checks-sense-line' },
  ];

  const onRestart = () => {
    const previous = checks;
    restart.mutate(undefined, {
      onSuccess: () => {
        for (const check of previous) setVerified(check.id, false);
        setNextProblem(null);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') {
          void queryClient.invalidateQueries({ queryKey: installationKeys.detail(id) });
          return;
        }
        notify(t, { message: t('wizard.digitalCheck.restartFailed'), tone: 'error' });
      },
    });
  };

  const onSeenAll = () => {
    for (const check of checks) setVerified(check.id, true);
  };

  const onNextClick = async () => {
    if (isReadOnly) {
      onNext();
      return;
    }
    if (outcome === 'pending') {
      setNextProblem('stillRunning');
      return;
    }
    if (!isAllVerified) {
      setNextProblem('notVerified');
      return;
    }
    setNextProblem(null);
    if (outcome === 'failed') {
      setProceedOpen(true);
      return;
    }
    // Every check passed: an earlier "proceed with failed checks" no longer applies.
    if (installation.proceededWithFailedChecks) {
      setMovingOn(true);
      const isSaved = await proceedFlag.save(false);
      setMovingOn(false);
      if (!isSaved) return;
    }
    onNext();
  };

  const onProceed = async (reason: string) => {
    if (await proceedFlag.save(true, reason)) {
      setProceedOpen(false);
      onNext();
    }
  };

  if (!run) {
    return <QueryFallback query={checksQuery} texts="wizard.digitalCheck" testId="checks" />;
  }

  return (
    <Stack gap="lg" data-testid="digital-check" data-outcome={outcome}>
      <Stack gap={4}>
        <Text>{t('wizard.digitalCheck.intro')}</Text>
        <Text fw={600}>{t('wizard.digitalCheck.duration')}</Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="md">
          <OutcomeHeader outcome={outcome} run={run} />
          {!isReadOnly && (
            <Group gap="sm">
              <StreamBadge status={stream.status} />
              <Button variant="default" leftSection={<IconRefresh aria-hidden />} onClick={onRestart} loading={restart.isPending} data-testid="checks-restart">
                {t('wizard.digitalCheck.restart')}
              </Button>
            </Group>
          )}
        </Group>
      </Paper>

      {!isReadOnly && stream.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconPlugConnectedX aria-hidden />} title={t('wizard.digitalCheck.stream.failedTitle')} role="alert" data-testid="stream-error">
          <Stack gap="sm" align="flex-start">
            {stream.error && <Text size="sm">{stream.error.message}</Text>}
            <Button variant="default" onClick={stream.reconnect}>
              {t('wizard.digitalCheck.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {checkLists.map((list) => (
        <CheckList key={list.testId} {...list} isNarrow={isNarrow} verification={verification} />
      ))}

      {outcome === 'passed' && (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="checks-passed">
          {t('wizard.digitalCheck.passed')}
        </Alert>
      )}
      {/* Every check passed: one tap ticks every result box; each box can still be ticked or cleared. */}
      {outcome === 'passed' && !isReadOnly && !isAllVerified && (
        <Group justify="flex-end">
          <Button variant="default" styles={WRAPPING_BUTTON} leftSection={<IconChecks aria-hidden />} onClick={onSeenAll} data-testid="checks-seen-all">
            {t('wizard.digitalCheck.seeAll')}
          </Button>
        </Group>
      )}
      {outcome === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('wizard.digitalCheck.failedTitle')} data-testid="checks-failed">
          <Text size="sm">
            {t('wizard.digitalCheck.failed')}{' '}
            {/* The theme's link blue (blue.8) has 4.1:1 on the red alert; blue.9 has 5:1. */}
            <MailLink email={SUPPORT_EMAIL} size="sm" fw={600} c="blue.9" data-testid="support-link" />
          </Text>
        </Alert>
      )}

      {shownProblem && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />} role="alert" data-testid="next-problem">
          {shownProblem === 'stillRunning' ? t('wizard.digitalCheck.stillRunning') : t('wizard.digitalCheck.notVerified')}
        </Alert>
      )}

      <StepFooter onNext={() => void onNextClick()} isSaving={isMovingOn} isReadOnly={isReadOnly} />
      <ProceedWithFailedChecksModal
        opened={isProceedOpen}
        isSaving={proceedFlag.isSaving}
        onProceed={(reason) => void onProceed(reason)}
        onCancel={() => setProceedOpen(false)}
      />
    </Stack>
  );
}
