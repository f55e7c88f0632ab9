import { memo, useState } from 'react';
import { Alert, Badge, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBulb } from '@tabler/icons-react';
import { useFormState, useWatch, type FieldErrors, type ResolverResult, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import type { Installation } from '@portal/domain/installation';
import type { InstallationSetup } from '@portal/domain/setup';
import {
  FAULT_LED_STATES,
  HEALTHY_LED_STATES,
  LEDS,
  POWER_LED_STATES,
  setupIssues,
  STATUS_LED_STATES,
  WHOLE_SYSTEM,
  wrongLeds,
  type Led,
  type PhysicalInspection,
} from '@portal/domain/setup-rules';
import { canCarrySetup } from '@portal/domain/carry-over-rules';
import type { CarryOver, CarryOverSource } from '@portal/domain/carry-over';
import { channelsFor, type ControllerType } from '@portal/domain/system-rules';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { FormSelect } from '@/components/ui/form-select';
import { MailLink } from '@/components/ui/mail-link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StepFooter } from '../components/step-footer';
import { useCarryOver } from '../api/get-carry-over';
import { CARRY_OVER_BUTTON_STYLE, CarriedMark, CarriedNotice, SameAsLastButton, withMark } from '../components/carry-over';
import { WRAPPING_BUTTON } from '../components/wrapping-button';
import { clearingOnSave } from '../lib/carried';
import { saveThenNext } from '../lib/save-then-next';
import { StepStatus } from '../components/step-status';
import type { StepProps } from '../components/step-props';
import { useStepForm } from '../hooks/use-step-form';
import { translateFormError } from '../lib/form-errors';
import { loadOnce } from '@/lib/load-once';
import type { FormResolver } from '../lib/form-resolver';
import { numberToText, parseNumberInput } from '../lib/form-values';

/** PV modules and active channels per controller position, taken from an earlier setup and marked until the tab is saved. */
type CarriedSetup = { source: CarryOverSource; rows: Pick<SetupRowValues, 'pvModulesCount' | 'activeChannelCount'>[] };

const LED_STATES = { powerLed: POWER_LED_STATES, statusLed: STATUS_LED_STATES, faultLed: FAULT_LED_STATES } as const;
const INSPECTION_FAILED = 'inspectionFailed';

export type SetupRowValues = {
  serialNumber: string;
  type: ControllerType;
  pvModulesCount: string;
  activeChannelCount: string;
  inspection: { [L in Led]: PhysicalInspection[L] | null };
};
export type SetupFormValues = { controllers: SetupRowValues[] };
type SetupOutput = { controllers: InstallationSetup['controllers'] };

function defaultsOf(installation: Installation): SetupFormValues {
  const inspections = new Map(installation.inspections.map((i) => [i.chargeControllerSerial.toLowerCase(), i]));
  return {
    controllers: installation.system.chargeControllers.map((c) => {
      const inspection = inspections.get(c.serialNumber.toLowerCase());
      return {
        serialNumber: c.serialNumber,
        type: c.type,
        pvModulesCount: numberToText(c.pvModulesCount),
        activeChannelCount: numberToText(c.activeChannelCount),
        inspection: { powerLed: inspection?.powerLed ?? null, statusLed: inspection?.statusLed ?? null, faultLed: inspection?.faultLed ?? null },
      };
    }),
  };
}

/** A row of the setup request's schema; it loads with the schema library, right after the tab has painted. */
const rowSchema = loadOnce(() => import('../schemas/setup').then((m) => m.InstallationSetupSchema.shape.controllers.element));

/**
 * Each row with the domain's request rules (numbers, required LEDs), then setupIssues() for what
 * needs the controller type and the whole system: channel limits and the PV module sum.
 */
function setupResolver(pvModuleCount: number): FormResolver<SetupFormValues, SetupOutput> {
  const resolve = async ({ controllers }: SetupFormValues): Promise<ResolverResult<SetupFormValues, SetupOutput>> => {
    const schema = await rowSchema.get();
    const rowErrors: Record<string, { type: string; message: string }>[] = controllers.map(() => ({}));
    const add = (row: number, field: string, message: string) => {
      rowErrors[row]![field] ??= { type: 'validate', message };
    };
    const parsedRows = controllers.map((row, index) => {
      const input = {
        serialNumber: row.serialNumber,
        pvModulesCount: parseNumberInput(row.pvModulesCount),
        activeChannelCount: parseNumberInput(row.activeChannelCount),
        inspection: row.inspection,
      };
      const result = schema.safeParse(input);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const [first, second] = issue.path;
          if (first === 'inspection' && typeof second === 'string') add(index, `inspection.${second}`, issue.message);
          else if (first === 'pvModulesCount' || first === 'activeChannelCount') add(index, first, issue.message);
        }
      }
      return { input, result };
    });
    const issues = setupIssues(
      controllers.map((row, index) => {
        const { input } = parsedRows[index]!;
        const valid = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? null : n);
        return { type: row.type, pvModulesCount: valid(input.pvModulesCount), activeChannelCount: valid(input.activeChannelCount), inspection: row.inspection as Partial<PhysicalInspection> };
      }),
      pvModuleCount,
    );
    for (const issue of issues) {
      // The PV module sum is the whole system's: every row's count shows it.
      if (issue.row === WHOLE_SYSTEM) controllers.forEach((_, row) => add(row, issue.field, issue.message));
      else if (issue.field !== 'inspection') add(issue.row, issue.field, issue.message);
      else if (issue.message === INSPECTION_FAILED) {
        // Point at the LEDs that are wrong, each with what a healthy controller shows.
        for (const led of wrongLeds(controllers[issue.row]!.inspection as Partial<PhysicalInspection>)) add(issue.row, `inspection.${led}`, issue.message);
      }
    }
    const hasErrors = rowErrors.some((e) => Object.keys(e).length > 0);
    if (hasErrors) {
      const errors = rowErrors.map((e) => {
        const { 'inspection.powerLed': powerLed, 'inspection.statusLed': statusLed, 'inspection.faultLed': faultLed, ...rest } = e;
        const inspection = Object.fromEntries(Object.entries({ powerLed, statusLed, faultLed }).filter(([, v]) => v));
        return Object.keys(inspection).length ? { ...rest, inspection } : rest;
      });
      return { values: {}, errors: { controllers: errors } as unknown as FieldErrors<SetupFormValues> };
    }
    return { values: { controllers: parsedRows.map(({ result }) => result.data!) }, errors: {} };
  };
  return Object.assign(resolve, { preload: rowSchema.preload });
}

const isRowFilled = (row: SetupRowValues) =>
  row.pvModulesCount.trim() !== '' && row.activeChannelCount.trim() !== '' && LEDS.every((led) => row.inspection[led] !== null);

type SetupRowProps = {
  form: UseFormReturn<SetupFormValues, unknown, SetupOutput>;
  index: number;
  rowCount: number;
  serialNumber: string;
  type: ControllerType;
  limit: number;
  /** What was taken from an earlier setup for this row, marked while the field holds it. */
  carried: CarriedSetup['rows'][number] | null;
};

/**
 * One charge controller's counts and inspection. It follows its own row's values and problems, so a
 * keystroke or an LED pick re-renders the row, not the tab with every other row.
 */
const SetupRow = memo(function SetupRow({ form, index, rowCount, serialNumber, type, limit, carried }: SetupRowProps) {
  const { t } = useTranslation();
  const { control, register } = form;
  const row = useWatch({ control, name: `controllers.${index}` });
  const { errors } = useFormState({ control, name: `controllers.${index}` });
  const rowErrors = errors.controllers?.[index];
  const max = channelsFor(type);
  const markOf = (field: 'pvModulesCount' | 'activeChannelCount') => (carried && row[field] === carried[field] ? <CarriedMark label={t('wizard.carryOver.mark')} /> : null);
  // What a wrong LED means follows from the choice itself: said as soon as it is made, not only after Save.
  const wrong = wrongLeds(row.inspection as Partial<PhysicalInspection>);
  const isInspectionFailed = wrong.length > 0;
  const ledError = (led: Led) => {
    if (wrong.includes(led)) return t(`wizard.setup.expected.${led}`);
    const message = rowErrors?.inspection?.[led]?.message;
    return message === INSPECTION_FAILED ? undefined : translateFormError(t, message, led);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={`setup-row-${index}`}>
      <Stack gap="md">
        <Group gap="sm" justify="space-between">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {t('wizard.setup.controllerTitle', { serial: serialNumber })}
          </Title>
          <Badge variant="light" size="lg">
            {t(`wizard.controllerTypes.${type}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            {...register(`controllers.${index}.pvModulesCount`, {
              // The PV module sum concerns every row: check the others again on each change.
              deps: Array.from({ length: rowCount }, (_, other) => `controllers.${other}.pvModulesCount` as const).filter((_, other) => other !== index),
            })}
            label={t('wizard.labels.pvModulesCount')}
            description={markOf('pvModulesCount')}
            inputMode="numeric"
            required
            error={translateFormError(t, rowErrors?.pvModulesCount?.message, 'pvModulesCount', { limit })}
            data-testid={`setup-pv-${index}`}
          />
          <TextInput
            {...register(`controllers.${index}.activeChannelCount`)}
            label={t('wizard.labels.activeChannelCount')}
            description={withMark(markOf('activeChannelCount'), t('wizard.setup.channelsHint', { max }))}
            inputMode="numeric"
            required
            error={translateFormError(t, rowErrors?.activeChannelCount?.message, 'activeChannelCount', { max })}
            data-testid={`setup-channels-${index}`}
          />
        </SimpleGrid>
        <div>
          <Text fw={600}>{t('wizard.setup.inspectionTitle')}</Text>
          <Text size="sm" c="dimmed" mb="xs">
            {t('wizard.setup.inspectionHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {LEDS.map((led) => (
              <FormSelect
                key={led}
                control={control}
                name={`controllers.${index}.inspection.${led}`}
                label={t(`wizard.labels.${led}`)}
                placeholder={t('wizard.selectPlaceholder')}
                data={LED_STATES[led].map((state) => ({ value: state, label: t(`wizard.setup.${led}.${state}` as 'wizard.setup.powerLed.off') }))}
                required
                error={ledError(led)}
                data-testid={`setup-${led}-${index}`}
              />
            ))}
          </SimpleGrid>
          {isInspectionFailed && (
            <Alert
              mt="md"
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              styles={{ title: { color: WARNING_TEXT_COLOR }, icon: { color: WARNING_TEXT_COLOR } }}
              title={t('solar.errors.formErrors.inspectionFailed')}
              data-testid={`setup-inspection-help-${index}`}
            >
              <Text size="sm" fw={600}>
                {t('wizard.setup.nextStepsTitle')}
              </Text>
              <Text size="sm">{t('wizard.setup.nextSteps')}</Text>
              <Text size="sm" mt={4}>
                {t('wizard.setup.nextStepsSupport')}{' '}
                <MailLink email={SUPPORT_EMAIL} size="sm" />
              </Text>
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
});

/** PV modules, active channels and the physical inspection of every charge controller, saved at once. */
export function SetupStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const limit = installation.system.pvModuleCount;
  const step = useStepForm({
    tab: 'setup',
    installation,
    fleet,
    defaultValues: defaultsOf(installation),
    resolver: setupResolver(limit),
    isReadOnly,
    toRequest: (data) => ({ endpoint: 'setup', installationId: installation.id, body: { version: installation.version, controllers: data.controllers } }),
    applyServerError: (error, { getValues, setError }) => {
      const rows = getValues('controllers');
      if (error.field === 'pvModulesCount') {
        rows.forEach((_, i) => setError(`controllers.${i}.pvModulesCount`, { type: 'server', message: error.message }));
        return true;
      }
      const match = /^controllers\.(\d+)\.(pvModulesCount|activeChannelCount)$/.exec(error.field);
      if (!match || !rows[Number(match[1])]) return false;
      setError(error.field as `controllers.${number}.pvModulesCount`, { type: 'server', message: error.message });
      return true;
    },
  });
  const { form } = step;
  const { watch, setValue } = form;
  const rows = watch('controllers');
  const carryOver = useCarryOver(fleet, installation.id, { enabled: !isReadOnly });
  const lastSetup = carryOver.data?.setup ?? null;
  const [carried, setCarried] = useState<CarriedSetup | null>(null);
  const [isLedsFilled, setIsLedsFilled] = useState(false);
  const save = clearingOnSave(step.save, () => {
    setCarried(null);
    setIsLedsFilled(false);
  });
  /** A problem shown before goes once its field is filled, as it would on typing. */
  const recheckShown = () => {
    if (form.getFieldState('controllers').invalid) void form.trigger('controllers');
  };
  const carryOverFrom = (found: NonNullable<CarryOver['setup']>) => {
    const carriedRows = found.controllers.map((c) => ({ pvModulesCount: numberToText(c.pvModulesCount), activeChannelCount: numberToText(c.activeChannelCount) }));
    carriedRows.forEach((row, index) => {
      setValue(`controllers.${index}.pvModulesCount`, row.pvModulesCount, { shouldDirty: true });
      setValue(`controllers.${index}.activeChannelCount`, row.activeChannelCount, { shouldDirty: true });
    });
    recheckShown();
    setCarried({ source: found.source, rows: carriedRows });
  };
  const fillHealthyLeds = () => {
    rows.forEach((_, index) => {
      for (const led of LEDS) setValue(`controllers.${index}.inspection.${led}`, HEALTHY_LED_STATES[led][0]!, { shouldDirty: true });
    });
    recheckShown();
    setIsLedsFilled(true);
  };
  const sum = rows.reduce((total, row) => {
    const n = parseNumberInput(row.pvModulesCount);
    return total + (n !== undefined && Number.isFinite(n) ? n : 0);
  }, 0);
  const isComplete = rows.every(isRowFilled);
  // Fewer modules than the system has is allowed (a spare, a broken one), but rarely meant: warn, and ask once on Next.
  const unassigned = isComplete && sum < limit ? limit - sum : 0;
  const [isShortfallAccepted, setIsShortfallAccepted] = useState(false);
  const [isShortfallDialogOpen, setIsShortfallDialogOpen] = useState(false);
  const next = () => void saveThenNext(save, onNext);
  const formatValue = (path: string, value: unknown) => {
    const led = LEDS.find((l) => path.endsWith(`.inspection.${l}`));
    return led && typeof value === 'string' ? t(`wizard.setup.${led}.${value}` as 'wizard.setup.powerLed.off') : null;
  };

  return (
    <Stack gap="lg">
      <Text>{t('wizard.setup.intro')}</Text>
      <StepStatus step={step} formatValue={formatValue} />
      <div aria-live="polite">
        <Text fw={600} c={sum > limit ? 'red.9' : unassigned > 0 ? WARNING_TEXT_COLOR : undefined} data-testid="setup-sum">
          {t('wizard.setup.modulesAssigned', { sum, limit })}
        </Text>
        {unassigned > 0 && (
          <Group gap={6} wrap="nowrap" c={WARNING_TEXT_COLOR} data-testid="setup-unassigned">
            <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600} c={WARNING_TEXT_COLOR}>
              {t('wizard.setup.modulesUnassigned', { count: unassigned })}
            </Text>
          </Group>
        )}
      </div>
      {!isReadOnly && (
        <Stack gap="xs" data-testid="setup-carry-over">
          <Group gap="sm" align="stretch">
            {lastSetup && (
              <SameAsLastButton
                label={t('wizard.carryOver.sameAsLast')}
                detail={
                  canCarrySetup(lastSetup.controllers.length, rows.length)
                    ? t('wizard.carryOver.setupLast', { name: lastSetup.source.name })
                    : t('wizard.carryOver.setupCountDiffers', { count: lastSetup.controllers.length, own: rows.length })
                }
                disabled={!canCarrySetup(lastSetup.controllers.length, rows.length)}
                onClick={() => carryOverFrom(lastSetup)}
                testId="setup-same-as-last"
              />
            )}
            <Button variant="light" size="lg" leftSection={<IconBulb aria-hidden />} onClick={fillHealthyLeds} styles={WRAPPING_BUTTON} style={CARRY_OVER_BUTTON_STYLE} data-testid="setup-all-leds">
              {t('wizard.carryOver.allLedsExpected')}
            </Button>
          </Group>
          {(carried || isLedsFilled) && (
            <CarriedNotice>
              {[carried && t('wizard.carryOver.setupFilled', { name: carried.source.name, serial: carried.source.systemSerialNumber }), isLedsFilled && t('wizard.carryOver.allLedsHint')]
                .filter(Boolean)
                .join(' ')}
            </CarriedNotice>
          )}
        </Stack>
      )}
      <Fieldset variant="unstyled" disabled={isReadOnly} p={0}>
        <Stack gap="md">
          {rows.map((row, index) => (
            <SetupRow
              key={row.serialNumber}
              form={form}
              index={index}
              rowCount={rows.length}
              serialNumber={row.serialNumber}
              type={row.type}
              limit={limit}
              carried={carried?.rows[index] ?? null}
            />
          ))}
        </Stack>
      </Fieldset>
      <StepFooter
        onSave={() => void save({ withToast: true })}
        onNext={() => {
          if (!isReadOnly && unassigned > 0 && !isShortfallAccepted) setIsShortfallDialogOpen(true);
          else next();
        }}
        isNextDisabled={!isReadOnly && !isComplete}
        isSaving={step.isSaving}
        isReadOnly={isReadOnly}
      />
      <ConfirmDialog
        opened={isShortfallDialogOpen}
        title={t('wizard.setup.unassignedDialog.title')}
        text={t('wizard.setup.unassignedDialog.text', { count: unassigned, limit })}
        confirmLabel={t('wizard.setup.unassignedDialog.confirm')}
        cancelLabel={t('wizard.setup.unassignedDialog.cancel')}
        closeLabel={t('wizard.setup.unassignedDialog.close')}
        confirmColor="primary"
        isPending={false}
        onConfirm={() => {
          setIsShortfallAccepted(true);
          setIsShortfallDialogOpen(false);
          next();
        }}
        onClose={() => setIsShortfallDialogOpen(false)}
        testId="setup-unassigned-dialog"
        confirmTestId="setup-unassigned-dialog-confirm"
      />
    </Stack>
  );
}
