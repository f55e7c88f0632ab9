import { Suspense, useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconCloudUpload, IconHistory, IconX } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { CLOSE_DIALOG_SAVE_DELAY_MS } from '@portal/domain/constants';
import type { Installation } from '@portal/domain/installation';
import { isEditable, type WizardTab } from '@portal/domain/installation-rules';
import { PageLoader as StepLoader } from '@/components/ui/page-loader';
import { SUCCESS_TEXT_COLOR } from '@/lib/contrast-colors';
import { afterNextPaint, deferredPart, preloadAll } from '@/lib/deferred-part';
import { setLeaveGuard } from '@/lib/leave-guard';
import { useOnceTrue } from '@/lib/use-once-true';
import { deleteInstallationDrafts } from '../lib/draft-storage';
import { LOCAL_TABS, isLocalInstallationId } from '../lib/offline-create';
import { resetWizardState } from '../lib/reset-wizard-state';
import { FORM_TABS, hasHelp, neighbourTab, parseTab, reachableTabs, resumeTab, tabsFor, withWaitingTabs } from '../lib/tabs';
import { useWizardStore } from '../stores/wizard-store';
import { useWaitingItems } from '../hooks/use-waiting-items';
import { useRefusals } from '../hooks/use-refusals';
import { refusalText } from '../lib/serial-refusals';
import { CustomerStep, DigitalCheckStep, GeneralStep, PreInstallationStep, SetupStep, SummaryStep, SystemStep, UploadsStep, VehicleStep } from './lazy-steps';
import { stepLoaders } from './step-loaders';
import { ProgressDots } from './progress-dots';
import type { StepProps } from './step-props';
import { WizardUserContext, type WizardViewer } from '../lib/wizard-user';
import { useIsPhone } from '@/lib/use-is-narrow';
import classes from './installation-wizard.module.css';

type InstallationWizardProps = {
  fleet: string;
  /** null while creating (#/:fleet/installations/new). */
  installation: Installation | null;
  /** The signed-in user and whether they administer the fleet. */
  viewer: WizardViewer;
};

// Shown on request only: fetched once the wizard has shown (so they work offline too), not with it.
const historyPanel = deferredPart(() => import('./history-panel').then((m) => m.HistoryPanel));
const closeDialog = deferredPart(() => import('./close-dialog').then((m) => m.CloseDialog));
const saveErrorModal = deferredPart(() => import('./save-error-modal').then((m) => m.SaveErrorModal));
// The help of the later tabs brings the popover's positioning code, which the form tabs don't need.
const helpPopover = deferredPart(() => import('./help-popover').then((m) => m.HelpPopover));
const preloadDialogs = preloadAll(closeDialog, saveErrorModal, historyPanel, helpPopover);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After the unsaved-changes question: a path outside the wizard, or another tab of it. */
type LeaveTarget = string | { tab: WizardTab; isBackToSummaryKept: boolean };

/** The stepped installation form of SPEC §2: one tab at a time, the tab in the address (`?tab=`). */
export function InstallationWizard({ fleet, installation, viewer }: InstallationWizardProps) {
  const { userId } = viewer;
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isNew = installation === null;
  const isReadOnly = installation !== null && !isEditable(installation.status);
  const created = useWizardStore((state) => state.created);
  const setCreated = useWizardStore((state) => state.setCreated);
  const resetWizard = useWizardStore((state) => state.reset);
  const isCloseRequested = useWizardStore((state) => state.isCloseRequested);
  const [isCloseDialogOpen, setCloseDialogOpen] = useState(false);
  const [isClosingWithSave, setClosingWithSave] = useState(false);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const hasSaveError = useWizardStore((state) => state.saveError !== null);
  const isHistoryUsed = useOnceTrue(isHistoryOpen);
  const isCloseDialogUsed = useOnceTrue(isCloseDialogOpen);
  const isSaveErrorUsed = useOnceTrue(hasSaveError);
  useEffect(() => afterNextPaint(preloadDialogs), []);

  const tabs = tabsFor(isNew);
  const waiting = useWaitingItems(userId);
  const installationId = installation?.id;
  const waitingTabs = waiting.changes.filter((change) => change.installation === installationId).map((change) => change.tab);
  const isLocal = installation !== null && isLocalInstallationId(installation.id);
  // Started offline and refused by the server: the tabs show what was entered, and the notice says why it was not created.
  const refusal = useRefusals(isLocal ? userId : null).find((refused) => refused.localId === installationId) ?? null;
  // An installation started offline fills the tabs up to the vehicle; the later ones need its registry data from the server.
  const reachable = new Set([...withWaitingTabs(reachableTabs(installation), waitingTabs)].filter((open) => !isLocal || (LOCAL_TABS as readonly WizardTab[]).includes(open)));
  const requested = parseTab(params.get('tab'));
  const tab: WizardTab =
    requested && tabs.includes(requested) && reachable.has(requested) ? requested : installation ? resumeTab(installation, reachable) : 'preInstallation';

  // A new step replaces the control that had the focus (Next, Back, a dot): the focus moves to the step's
  // title, so keyboard and screen reader users go on from the top of the new step, not from the page's start.
  // The first save of a new installation opens a new page; it says so in the navigation state.
  const stepTitleRef = useRef<HTMLHeadingElement>(null);
  const isOpenedByStep = (useLocation().state as { focusStep?: boolean } | null)?.focusStep === true;
  const focusedTab = useRef<WizardTab | null>(isOpenedByStep ? null : tab);
  useEffect(() => {
    if (focusedTab.current === tab) return;
    focusedTab.current = tab;
    stepTitleRef.current?.focus();
  }, [tab]);

  // A new installation created by a save that waited for the network: open it. One started offline
  // under the device's own id opens on the tab the installer is on.
  const shownId = installation?.id;
  const currentTab = params.get('tab') ?? 'general';
  useEffect(() => {
    if (!created) return;
    const isThisOne = created.localId === undefined ? isNew : created.localId === shownId;
    if (!isThisOne) return;
    setCreated(null);
    navigate(`/${created.fleet}/installations/${created.id}?tab=${created.localId === undefined ? 'general' : currentTab}`, { replace: true, state: { focusStep: true } });
  }, [created, isNew, shownId, currentTab, navigate, setCreated]);

  // A save answers after the installer may have left (the back button, another page): its 'go on'
  // must not bring them back to the wizard.
  const isShown = useRef(false);
  useEffect(() => {
    isShown.current = true;
    return () => {
      isShown.current = false;
    };
  }, []);

  // A jump from the summary to an earlier tab keeps the way back (`back=summary` in the address) while the
  // summary can still be reached: the installer edits one thing and returns with one tap.
  const isBackToSummaryKept = params.get('back') === 'summary';
  const isReturnOffered = isBackToSummaryKept && tab !== 'summary' && reachable.has('summary');
  const returnTab: WizardTab | null = isReturnOffered ? 'summary' : null;
  const following = neighbourTab(tabs, tab, 1);
  // Next leads to the summary itself from the tab before it: no second button for the same way.
  const offeredReturn = returnTab && following !== returnTab ? returnTab : null;
  const setReturnTab = useWizardStore((state) => state.setReturnTab);
  useEffect(() => {
    setReturnTab(offeredReturn);
  }, [offeredReturn, setReturnTab]);
  useEffect(() => () => setReturnTab(null), [setReturnTab]);

  const goTo = (next: WizardTab) => setParams(returnTab && next !== 'summary' ? { tab: next, back: 'summary' } : { tab: next });
  const onNext = () => {
    const { nextTarget, setNextTarget } = useWizardStore.getState();
    setNextTarget(null);
    const next = nextTarget ?? following;
    if (next && isShown.current) goTo(next);
  };
  const previous = tab === 'general' && !isNew ? null : neighbourTab(tabs, tab, -1);
  // The tab Next leads to is fetched once this one has been painted, so that it opens at once.
  useEffect(() => (following ? afterNextPaint(stepLoaders[following].preload) : undefined), [following]);
  /** A tap on a step of the stepper or an edit link of the summary. */
  const jumpTo = (next: WizardTab) => {
    const form = useWizardStore.getState().activeForm;
    const isLeavingSummary = tab === 'summary' && next !== 'summary';
    const target: LeaveTarget = { tab: next, isBackToSummaryKept: isLeavingSummary || (returnTab !== null && next !== 'summary') };
    // The tabs keep unsaved entries on the device; a form that does not (the summary's comments) asks first.
    if (form?.isLostOnLeave && form.isDirty()) {
      setLeaveTo(target);
      setCloseDialogOpen(true);
      return;
    }
    leave(target);
  };

  const homePath = `/${fleet}`;
  // Where the installer goes once the unsaved changes are dealt with: home (the close button),
  // wherever the menu, logout or the fleet switcher was about to lead, or another tab.
  const [leaveTo, setLeaveTo] = useState<LeaveTarget>(homePath);
  const closeNow = (to: string = homePath) => {
    resetWizardState(userId, installation?.id);
    navigate(to);
  };
  const leave = (target: LeaveTarget) => {
    if (typeof target === 'string') closeNow(target);
    else setParams(target.isBackToSummaryKept ? { tab: target.tab, back: 'summary' } : { tab: target.tab });
  };
  // A save the server refused without naming a field: the form closes (its entries are kept on the device).
  useEffect(() => {
    if (!isCloseRequested) return;
    resetWizard();
    navigate(homePath);
  }, [homePath, isCloseRequested, navigate, resetWizard]);

  const onClose = () => {
    const form = useWizardStore.getState().activeForm;
    setLeaveTo(homePath);
    if (form?.isDirty()) setCloseDialogOpen(true);
    else closeNow(homePath);
  };

  useEffect(
    () =>
      setLeaveGuard((to) => {
        if (!useWizardStore.getState().activeForm?.isDirty()) return true;
        setLeaveTo(to);
        setCloseDialogOpen(true);
        return false;
      }),
    [],
  );
  const onCloseWithSave = async () => {
    const form = useWizardStore.getState().activeForm;
    setClosingWithSave(true);
    const isSaved = form ? await form.save() : true;
    if (isSaved) await wait(CLOSE_DIALOG_SAVE_DELAY_MS);
    setClosingWithSave(false);
    setCloseDialogOpen(false);
    if (isSaved) leave(leaveTo);
  };
  const onCloseWithoutSave = async () => {
    await useWizardStore.getState().activeForm?.discard();
    setCloseDialogOpen(false);
    leave(leaveTo);
  };
  const onCancelNew = async () => {
    await deleteInstallationDrafts(userId, 'new');
    resetWizardState(userId);
    // SPEC §2 names /sono as the default fleet; the installer's default is the fleet they came from.
    navigate(homePath);
  };
  const onCreated = (saved: Installation, next: WizardTab) => {
    if (!isShown.current) return;
    navigate(`/${saved.fleet}/installations/${saved.id}?tab=${next}`, { replace: true, state: { focusStep: true } });
  };

  if (installation && installation.fleet !== fleet) {
    return <Navigate to={`/${installation.fleet}/installations/${installation.id}?${params.toString()}`} replace />;
  }
  // A tab that only the saves waiting on the device open (a reload offline, halfway through): it is
  // decided once they were read, not shown as another tab first.
  if (installation && requested && requested !== tab && !waiting.isRead) return <StepLoader />;

  const tabTitle = t(`solar.installation.tabs.${tab}`);
  const showDots = tab !== 'preInstallation' && !isReadOnly;
  const stepProps: Omit<StepProps, 'installation'> = { fleet, isReadOnly, onNext };

  return (
    <WizardUserContext value={viewer}>
    <Stack gap="lg" data-testid="installation-wizard" data-tab={tab}>
      <Group justify="space-between" align={isPhone ? 'center' : 'flex-start'} wrap="nowrap" gap="sm">
        {isPhone ? (
          // On a phone the heading is one line, the name cut short, so the form starts high on the screen.
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0, flex: 1 }} data-testid="wizard-heading">
            <Title order={1} size="h4" lineClamp={1} style={{ minWidth: 0, wordBreak: 'break-all' }} title={installation?.name}>
              {installation?.name || t('wizard.newTitle')}
            </Title>
            {installation && (
              <Text c="dimmed" size="sm" style={{ whiteSpace: 'nowrap', flex: 'none' }} data-testid="wizard-serial">
                <VisuallyHidden component="span">{t('wizard.serial')} </VisuallyHidden>
                {installation.systemSerialNumber}
              </Text>
            )}
          </Group>
        ) : (
        <div style={{ minWidth: 0 }} data-testid="wizard-heading">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {installation?.name || t('wizard.newTitle')}
          </Title>
          {installation && (
            <Group gap="sm" mt={4}>
              <Text c="dimmed" data-testid="wizard-serial">
                {/* A serial is one token: it may move to the next line, never break at its hyphens. */}
                {t('wizard.serial')} <span style={{ whiteSpace: 'nowrap' }}>{installation.systemSerialNumber}</span>
              </Text>
              {isReadOnly && (
                <Badge color="green" c={SUCCESS_TEXT_COLOR} variant="light" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden />}>
                  {t('wizard.completed.title')}
                </Badge>
              )}
            </Group>
          )}
        </div>
        )}
        <Group gap="xs" wrap="nowrap">
          {installation && !isLocal && (
            <ActionIcon variant="subtle" color="dark" onClick={() => setHistoryOpen(true)} aria-label={t('history.show')} title={t('history.title')} data-testid="history-open">
              <IconHistory aria-hidden />
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" color="dark" onClick={onClose} aria-label={t('wizard.closeLabel')} title={t('wizard.close')} data-testid="wizard-close">
            <IconX aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {installation && isHistoryUsed && <historyPanel.Component installationId={installation.id} opened={isHistoryOpen} onClose={() => setHistoryOpen(false)} />}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          {/* The step title stays in view below the app header while the form scrolls. */}
          <Stack gap="xs" className={classes.stepHead}>
            <Group gap="sm" wrap="nowrap" align="center">
              {previous && (
                <ActionIcon variant="light" radius="xl" onClick={() => jumpTo(previous)} aria-label={t('wizard.stepper.back')} data-testid="step-back">
                  <IconArrowLeft aria-hidden />
                </ActionIcon>
              )}
              <Title
                ref={stepTitleRef}
                tabIndex={-1}
                className={`mantine-focus-auto ${classes.stepTitle}`}
                order={2}
                size={isPhone ? 'h4' : 'h3'}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="step-title"
              >
                {tabTitle}
              </Title>
              {hasHelp(tab) && !isReadOnly && <helpPopover.Component tab={tab as 'setup'} />}
            </Group>
            {showDots && <ProgressDots tabs={FORM_TABS} current={tab} reachable={reachable} onSelect={jumpTo} />}
          </Stack>

          {isLocal && !refusal && (
            <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} data-testid="local-installation-notice">
              {t('wizard.offlineCreate.local')}
            </Alert>
          )}
          {refusal && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="local-installation-refused">
              <Text span inherit fw={700}>
                {t('wizard.offline.device.refused')}
              </Text>{' '}
              {refusalText(t, refusal)}
            </Alert>
          )}

          {isReadOnly && (
            <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="completed-notice">
              {t('wizard.completed.text')}
            </Alert>
          )}

          <Suspense fallback={<StepLoader />}>
            {tab === 'preInstallation' && <PreInstallationStep onStart={() => goTo('general')} onCancel={() => void onCancelNew()} isFolded={viewer.isReturning === true} />}
            {tab === 'general' && (
              <GeneralStep key={`general:${installation?.id ?? 'new'}`} installation={installation} {...stepProps} onCreated={onCreated} />
            )}
            {installation && tab === 'customer' && <CustomerStep key={`customer:${installation.id}`} installation={installation} {...stepProps} />}
            {installation && tab === 'vehicle' && <VehicleStep key={`vehicle:${installation.id}`} installation={installation} {...stepProps} />}
            {installation && tab === 'system' && <SystemStep key={`system:${installation.id}`} installation={installation} {...stepProps} />}
            {installation && tab === 'setup' && <SetupStep key={`setup:${installation.id}`} installation={installation} {...stepProps} />}
            {installation && tab === 'uploads' && <UploadsStep installation={installation} {...stepProps} />}
            {installation && tab === 'digitalCheck' && <DigitalCheckStep installation={installation} {...stepProps} />}
            {installation && tab === 'summary' && <SummaryStep installation={installation} {...stepProps} onFinish={() => closeNow(homePath)} onEdit={jumpTo} />}
          </Suspense>
        </Stack>
      </Paper>

      {isCloseDialogUsed && (
        <closeDialog.Component
          opened={isCloseDialogOpen}
          isSaving={isClosingWithSave}
          onSave={() => void onCloseWithSave()}
          onDiscard={() => void onCloseWithoutSave()}
          onCancel={() => setCloseDialogOpen(false)}
        />
      )}
      {isSaveErrorUsed && <saveErrorModal.Component />}
    </Stack>
    </WizardUserContext>
  );
}
