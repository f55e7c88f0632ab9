import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useMergedRef } from '@mantine/hooks';
import { useTranslation } from '@/lib/i18n';
import dayjs from 'dayjs';
import type { Installation } from '@portal/domain/installation';
import type { WizardTab } from '@portal/domain/installation-rules';
import { isSameSerialNumber } from '@portal/domain/system-rules';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DownloadReportButton } from '@/components/ui/download-report-button';
import { displayDateFormat } from '@/lib/format-date';
import { currentLocale } from '@/lib/i18n';
import { CalendarInput } from '@/components/ui/calendar-input';
import { FormSelect } from '@/components/ui/form-select';
import { ScanButton } from '../components/scan-button';
import { StepFooter } from '../components/step-footer';
import { WRAPPING_BUTTON } from '../components/wrapping-button';
import { DraftOffer } from '../components/step-notices';
import { StepStatus } from '../components/step-status';
import type { StepProps } from '../components/step-props';
import { usePartnerOptions } from '../api/get-partner-options';
import { useCarryOver } from '../api/get-carry-over';
import { CarriedMark } from '../components/carry-over';
import { useStepForm } from '../hooks/use-step-form';
import { translateFormError } from '../lib/form-errors';
import { formResolver } from '../lib/form-resolver';
import { notifyRecordedInFleet } from '../lib/notify';
import { deletePendingSave } from '../lib/draft-storage';
import { startOfflineInstallation } from '../lib/offline-create';
import { existingOf, otherFleetOf, type ExistingInstallation, type OtherFleet } from '../lib/serial-refusals';
import { useWizardUserId } from '../lib/wizard-user';
import { useWizardStore } from '../stores/wizard-store';
import { useIsOnline } from '@/lib/use-is-online';

export type GeneralFormValues = { systemSerialNumber: string; startDate: string | null; name: string; comments: string; partnerId: string | null };

const resolver = formResolver(() => import('../schemas/general').then((m) => m.CreateInstallationSchema), (values: GeneralFormValues) => ({
  ...values,
  partnerId: values.partnerId ? Number(values.partnerId) : null,
}));

type GeneralOutput = Awaited<ReturnType<typeof resolver>>['values'];

/** A new installation's name comes suggested (the next of the installer's series in the fleet) once known. */
function defaultsOf(installation: Installation | null, suggestedName = ''): GeneralFormValues {
  if (!installation) return { systemSerialNumber: '', startDate: dayjs().format('YYYY-MM-DD'), name: suggestedName, comments: '', partnerId: null };
  return {
    systemSerialNumber: installation.systemSerialNumber,
    startDate: installation.startDate,
    name: installation.name,
    comments: installation.comments ?? '',
    partnerId: installation.partnerId === null ? null : String(installation.partnerId),
  };
}

/** The server's answer when the serial number belongs to another of the installer's fleets. */
/**
 * The mark of a suggested name while the field holds it. It follows the name itself, so typing re-renders
 * the mark, not the tab.
 */
function NameSuggestedMark({ control, suggested }: { control: Control<GeneralFormValues, unknown, GeneralOutput>; suggested: { name: string; after: string } }) {
  const { t } = useTranslation();
  const shownName = useWatch({ control, name: 'name' });
  return shownName === suggested.name ? <CarriedMark label={t('wizard.carryOver.nameSuggested', { name: suggested.after })} /> : null;
}

/** Where the serial number is already recorded (while it is the one typed): its status, a link that opens it, and the report of a completed one. */
function ExistingInstallationNotice({ found, control }: { found: ExistingInstallation; control: Control<GeneralFormValues, unknown, GeneralOutput> }) {
  const { t } = useTranslation();
  const typedSerial = useWatch({ control, name: 'systemSerialNumber' });
  if (!isSameSerialNumber(found.serialNumber, typedSerial)) return null;
  const isCompleted = found.status === 'completed';
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status" data-testid="existing-installation">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {t(isCompleted ? 'wizard.general.existing.completed' : 'wizard.general.existing.draft', { serial: found.serialNumber, name: found.installationName })}
        </Text>
        <Group gap="sm">
          <Button styles={WRAPPING_BUTTON} component={Link} to={`/${found.fleet}/installations/${found.installationId}`} size="md" data-testid="existing-installation-open">
            {t(isCompleted ? 'wizard.general.existing.view' : 'wizard.general.existing.continue', { name: found.installationName })}
          </Button>
          {isCompleted && <DownloadReportButton id={found.installationId} serialNumber={found.serialNumber} name={found.installationName} />}
        </Group>
      </Stack>
    </Alert>
  );
}

type GeneralStepProps = Omit<StepProps, 'installation'> & {
  installation: Installation | null;
  /** The first save created the installation: open its page on `next`. */
  onCreated: (installation: Installation, next: WizardTab) => void;
};

/** Serial number, start date, name and comments; the first save creates the installation. */
export function GeneralStep({ installation, fleet, isReadOnly, onNext, onCreated }: GeneralStepProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const partnerOptions = usePartnerOptions().data ?? [];
  // A serial number of another of the installer's fleets is recorded there only once they agreed, for that serial.
  const [otherFleet, setOtherFleet] = useState<{ found: OtherFleet; next: WizardTab } | null>(null);
  const agreedFleet = useRef<OtherFleet | null>(null);
  const lastAction = useRef<WizardTab>('general');
  const [existing, setExisting] = useState<ExistingInstallation | null>(null);
  const carryOver = useCarryOver(fleet, undefined, { enabled: installation === null && !isReadOnly });
  const [suggestedName, setSuggestedName] = useState<{ name: string; after: string } | null>(null);
  // Offline, a serial number this device has not seen among the fleet's registry rows cannot start an installation.
  const [unseenOffline, setUnseenOffline] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const userId = useWizardUserId();
  const fleetFor = (serial: string) =>
    agreedFleet.current && isSameSerialNumber(agreedFleet.current.serialNumber, serial) ? agreedFleet.current.fleet : fleet;
  const step = useStepForm({
    tab: 'general',
    installation,
    fleet,
    defaultValues: defaultsOf(installation, suggestedName?.name),
    resolver,
    isReadOnly,
    toRequest: (data) =>
      installation
        ? {
            endpoint: 'update',
            installationId: installation.id,
            body: { version: installation.version, startDate: data.startDate, name: data.name, comments: data.comments, partnerId: data.partnerId ?? null },
          }
        : { endpoint: 'create', body: { ...data, fleet: fleetFor(data.systemSerialNumber) } },
    onRefusal: (error) => {
      // The field still says the serial number is taken; the notice beside it says where.
      setExisting(existingOf(error));
      const found = otherFleetOf(error);
      if (found) setOtherFleet({ found, next: lastAction.current });
      return found !== null;
    },
  });
  const { form, save, isSaving, suggestValue } = step;
  const {
    register,
    control,
    formState: { errors },
  } = form;

  // The suggestion fills an untouched, empty name of a new installation; an unsaved one offered or restored keeps its own.
  // A name field the installer is in stays as it is: a suggestion arriving under their fingers would merge with what
  // they type.
  // Online, only an answer fetched since the tab opened: the one kept from the last new installation suggests
  // the name after that one's, not after the installation the installer has just recorded. Offline, what is kept.
  const isOnline = useIsOnline();
  const suggestion = carryOver.isFetchedAfterMount || !isOnline ? (carryOver.data?.name ?? null) : null;
  const nameInput = useRef<HTMLInputElement | null>(null);
  const nameField = register('name');
  const nameRef = useMergedRef(nameField.ref, nameInput);
  const isSuggestionWanted = installation === null && !suggestedName && step.isDraftLoaded && !step.offeredDraft && !step.restoredAt;
  useEffect(() => {
    if (!isSuggestionWanted || !suggestion || form.getValues('name') !== '' || form.getFieldState('name').isDirty) return;
    if (nameInput.current && nameInput.current === document.activeElement) return;
    suggestValue('name', suggestion.suggested);
    setSuggestedName({ name: suggestion.suggested, after: suggestion.source.name });
  }, [form, suggestValue, isSuggestionWanted, suggestion]);

  const created = (saved: Installation, next: WizardTab) => {
    const agreed = agreedFleet.current;
    if (agreed && saved.fleet === agreed.fleet && saved.fleet !== fleet) notifyRecordedInFleet(t, saved.systemSerialNumber, agreed.fleetName);
    onCreated(saved, next);
  };
  /**
   * The create found no network: with a serial number the device has seen among the fleet's registry
   * rows, the installation starts on the device and the installer goes on; with another, the create is
   * taken back (the entries stay) and the tab says that the first save needs the connection.
   */
  const isUnseen = async (serial: string) => {
    const { isSerialSeen } = await import('@/lib/fleet-serials');
    return !isSerialSeen(queryClient, fleet, serial);
  };
  /** Known offline before anything is sent: an unseen serial number is said at once, with nothing queued. */
  const isRefusedOffline = async () => {
    setUnseenOffline(null);
    const serial = form.getValues('systemSerialNumber').trim();
    if (installation || navigator.onLine !== false || serial === '' || !(await isUnseen(serial))) return false;
    setUnseenOffline(serial);
    return true;
  };
  const startOffline = async (next: WizardTab) => {
    const serial = form.getValues('systemSerialNumber');
    if (await isUnseen(serial)) {
      await deletePendingSave(step.draftKey);
      useWizardStore.getState().setNotice(step.draftKey, null);
      setUnseenOffline(serial.trim());
      return;
    }
    // The entries move to the installation on the device; the new installation's place keeps none of them.
    step.setHandedOver(true);
    const local = await startOfflineInstallation(queryClient, userId, fleet);
    if (local) onCreated(local, next);
    else step.setHandedOver(false);
  };
  const onSave = async () => {
    lastAction.current = 'general';
    if (await isRefusedOffline()) return;
    const result = await save({ withToast: true });
    if (!installation && result.outcome === 'offline') await startOffline('general');
    if (!installation && result.outcome === 'saved' && result.installation) created(result.installation, 'general');
  };
  const onNextClick = async () => {
    lastAction.current = 'customer';
    if (await isRefusedOffline()) return;
    const result = await save({ withToast: false });
    if (!installation && result.outcome === 'offline') return startOffline('customer');
    if (installation && result.outcome === 'offline') return onNext();
    if (result.outcome !== 'saved' && result.outcome !== 'unchanged') return;
    if (!installation && result.installation) created(result.installation, 'customer');
    else onNext();
  };
  const onRecordInOtherFleet = () => {
    if (!otherFleet) return;
    agreedFleet.current = otherFleet.found;
    const next = otherFleet.next;
    setOtherFleet(null);
    void (next === 'customer' ? onNextClick() : onSave());
  };

  const canScan = !installation && !isReadOnly;
  return (
    <Stack gap="lg">
      {/* The label's code is the quickest way in: the first action of the tab, above anything to read. */}
      {canScan && (
        <ScanButton
          field="systemSerialNumber"
          label={t('wizard.labels.systemSerialNumber')}
          wideLabel={t('wizard.scanner.scanSerial')}
          onScan={(value) => form.setValue('systemSerialNumber', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
          testId="general-serial-scan"
        />
      )}
      <Text>{t('wizard.general.intro')}</Text>
      {step.offeredDraft && (
        <DraftOffer
          serialNumber={step.offeredDraft.values.systemSerialNumber}
          savedAt={step.offeredDraft.savedAt}
          onContinue={step.continueDraft}
          onDecline={() => void step.declineDraft()}
        />
      )}
      <StepStatus step={step} formatValue={(path, value) => (path === 'partnerId' ? (partnerOptions.find((p) => p.value === value)?.label ?? null) : null)} />
      <Fieldset variant="unstyled" disabled={isReadOnly} p={0}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...register('systemSerialNumber')}
              label={t('wizard.labels.systemSerialNumber')}
              description={installation ? t('wizard.general.serialLocked') : t('wizard.general.serialHint')}
              readOnly={installation !== null}
              variant={installation ? 'filled' : 'default'}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              required
              error={translateFormError(t, errors.systemSerialNumber?.message, 'systemSerialNumber')}
              data-testid="general-serial"
            />
            <Controller
              control={control}
              name="startDate"
              render={({ field }) => (
                <CalendarInput
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onDropdownClose={field.onBlur}
                  label={t('wizard.labels.startDate')}
                  description={displayDateFormat(locale)}
                  required
                  error={translateFormError(t, errors.startDate?.message, 'startDate')}
                  data-testid="general-start-date"
                />
              )}
            />
          </SimpleGrid>
          {existing && <ExistingInstallationNotice found={existing} control={control} />}
          {unseenOffline !== null && (
            <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} role="alert" data-testid="offline-create-unseen">
              {t('wizard.offlineCreate.unseen', { serial: unseenOffline })}
            </Alert>
          )}
          <TextInput
            {...nameField}
            ref={nameRef}
            label={t('wizard.labels.name')}
            placeholder={t('wizard.general.namePlaceholder')}
            description={suggestedName && <NameSuggestedMark control={control} suggested={suggestedName} />}
            required
            error={translateFormError(t, errors.name?.message, 'name')}
            data-testid="general-name"
          />
          {partnerOptions.length > 0 && (
            <FormSelect
              control={control}
              name="partnerId"
              label={`${t('wizard.labels.partner')} (${t('wizard.labels.optional')})`}
              description={t('wizard.general.partnerHint')}
              placeholder={t('wizard.general.noPartner')}
              data={partnerOptions}
              clearable
              data-testid="general-partner"
            />
          )}
          <Textarea
            {...register('comments')}
            label={`${t('wizard.labels.comments')} (${t('wizard.labels.optional')})`}
            rows={3}
            resize="vertical"
            error={translateFormError(t, errors.comments?.message, 'comments')}
            data-testid="general-comments"
          />
        </Stack>
      </Fieldset>
      <StepFooter onSave={() => void onSave()} onNext={() => void onNextClick()} isSaving={isSaving} isReadOnly={isReadOnly} />
      <ConfirmDialog
        opened={otherFleet !== null}
        title={t('wizard.general.otherFleet.title')}
        text={otherFleet ? t('wizard.general.otherFleet.text', { serial: otherFleet.found.serialNumber, fleetName: otherFleet.found.fleetName }) : ''}
        confirmLabel={t('wizard.general.otherFleet.confirm')}
        cancelLabel={t('wizard.general.otherFleet.cancel')}
        closeLabel={t('wizard.general.otherFleet.close')}
        confirmColor="primary"
        isPending={false}
        onConfirm={onRecordInOtherFleet}
        onClose={() => setOtherFleet(null)}
        testId="other-fleet-dialog"
        confirmTestId="other-fleet-confirm"
      />
    </Stack>
  );
}
