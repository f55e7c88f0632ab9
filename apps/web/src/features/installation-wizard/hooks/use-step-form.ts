import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { Installation, WizardTab } from '@portal/domain/installation';
import { FORM_ERRORS } from '@portal/domain/validation';
import { afterNextPaint } from '@/lib/deferred-part';
import { isApiError, normalizeError } from '@/lib/api-error';
import { installationKeys } from '@/lib/query-keys';
import { storeSavedInstallation } from '../api/save-options';
import { errorMessages, isEmptyForm, withBlanks } from '../lib/empty-form';
import { serverFieldErrors, type ServerFieldError } from '../lib/form-errors';
import type { FormResolver } from '../lib/form-resolver';
import { isSameValues } from '../lib/form-values';
import { mergeValues, takeField, type FieldConflict, type LinkedFields } from '../lib/merge-values';
import { notifyChecksNotLoaded, notifyInternalError, notifyOffline, notifySaved } from '../lib/notify';
import { discardTabEntries, draftKey, draftValues, forgetDraft, forgetSavedDraft, hasPendingSave, keepDraft, readTabEntries, sendQueuedSave, storeDraft, type InstallationKey } from '../lib/save-queue';
import type { SaveRequest } from '../lib/save-request';
import { readPendingSave, subscribePendingSaves, type Draft } from '../lib/draft-storage';
import { useWizardStore } from '../stores/wizard-store';
import { useWizardUserId } from '../lib/wizard-user';

/** Typing is copied to the device this long after the last keystroke. */
export const DRAFT_SAVE_DELAY_MS = 300;

export type SaveOutcome = 'saved' | 'unchanged' | 'invalid' | 'offline' | 'failed';
export type SaveResult = { outcome: SaveOutcome; installation?: Installation };

/** After someone else saved first: the fields both changed, and the other device's values. */
export type ConflictState<V> = { theirs: V; conflicts: FieldConflict[] };
export type ConflictChoices = Record<string, 'mine' | 'theirs'>;

type StepFormOptions<V extends FieldValues, O> = {
  tab: WizardTab;
  installation: Installation | null;
  fleet: string;
  /** The form's values as the server has them. */
  defaultValues: V;
  /** Its schema loads right after the tab has painted (see FormResolver). */
  resolver: FormResolver<V, O>;
  /** The write for valid values, based on the installation's current version. */
  toRequest: (output: O, values: V) => SaveRequest;
  isReadOnly: boolean;
  /** Puts a field problem the server reported on the form; false when it is not a field of this tab. */
  applyServerError?: (error: ServerFieldError, form: UseFormReturn<V, unknown, O>) => boolean;
  /** A refusal the tab answers itself (e.g. with a question); true when it did. */
  onRefusal?: (error: unknown) => boolean;
  /** Fields that follow another one when a conflict is resolved (see mergeValues). */
  linkedFields?: LinkedFields;
};

/**
 * A wizard tab's form: react-hook-form with the domain's zod rules, a copy of every keystroke on the
 * device (restored when the tab opens again), and saves that survive a lost connection.
 */
export function useStepForm<V extends FieldValues, O>({
  tab,
  installation,
  fleet,
  defaultValues,
  resolver,
  toRequest,
  isReadOnly,
  applyServerError,
  onRefusal,
  linkedFields,
}: StepFormOptions<V, O>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useWizardUserId();
  const setNotice = useWizardStore((state) => state.setNotice);
  const setActiveForm = useWizardStore((state) => state.setActiveForm);
  const showSaveError = useWizardStore((state) => state.showSaveError);
  const requestClose = useWizardStore((state) => state.requestClose);
  const setEmptyFormShown = useWizardStore((state) => state.setEmptyFormShown);
  const installationKey: InstallationKey = installation?.id ?? 'new';
  const key = draftKey(userId, installationKey, tab);
  const notice = useWizardStore((state) => state.notices[key] ?? null);

  const form = useForm<V, unknown, O>({ defaultValues: defaultValues as DefaultValues<V>, resolver, mode: 'onTouched' });
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  // A new installation opens empty: what a previous one left unsaved is only offered, never merged in.
  const [offeredDraft, setOfferedDraft] = useState<Draft<V> | null>(null);
  const [isDraftLoaded, setDraftLoaded] = useState(isReadOnly);
  const [isSaving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<ConflictState<V> | null>(null);
  // What a refused save started from and tried to store, until the newer version has arrived.
  const mergeOnNextVersion = useRef<{ base: V; mine: V } | null>(null);
  // The entries of this tab's save that waits on the device for the network: they are not unsaved.
  const keptForSending = useRef<V | null>(null);
  // A new installation's entries that became an installation (created, or started on the device): nothing more is kept in their place.
  const isHandedOver = useRef(false);

  // The latest props, for callbacks that outlive a render (timers, the close dialog).
  const latest = useRef({ defaultValues, toRequest, applyServerError, onRefusal, installation, resolver, linkedFields });
  useEffect(() => {
    latest.current = { defaultValues, toRequest, applyServerError, onRefusal, installation, resolver, linkedFields };
  });

  // The rules load once the tab is on screen: a first blur or save does not wait for them.
  useEffect(() => afterNextPaint(() => latest.current.resolver.preload()), []);

  // A save (ours or someone's) changes the version: show what the server has now. After a
  // conflict, the entries of this device are laid over it instead of being replaced.
  const version = installation?.version;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (version === shownVersion.current) return;
    shownVersion.current = version;
    const theirs = latest.current.defaultValues;
    form.reset(theirs);
    setRestoredAt(null);
    const pending = mergeOnNextVersion.current;
    mergeOnNextVersion.current = null;
    if (pending) {
      const { merged, conflicts } = mergeValues(pending.base, pending.mine, theirs, latest.current.linkedFields);
      form.reset(merged, { keepDefaultValues: true });
      setConflict({ theirs, conflicts });
    } else {
      setConflict(null);
    }
  }, [version, form]);

  // Entries kept on this device from an earlier visit come back when the tab opens.
  useEffect(() => {
    isHandedOver.current = false;
    if (isReadOnly) return;
    let isActive = true;
    void (async () => {
      const { draft, isSavePending, pendingValues } = await readTabEntries<V>(key);
      if (!isActive) return;
      keptForSending.current = pendingValues ?? null;
      const restored = draft && draftValues(draft, latest.current.defaultValues);
      // Entries typed after the save that waits: those alone are unsaved.
      const isTypedAfterSave = restored && !(pendingValues !== undefined && isSameValues(restored, pendingValues));
      if (draft && restored && installationKey === 'new' && !isSavePending) {
        setOfferedDraft({ values: restored, savedAt: draft.savedAt });
      } else if (draft && restored && isTypedAfterSave) {
        form.reset(restored, { keepDefaultValues: true });
        setRestoredAt(draft.savedAt);
      } else if (pendingValues !== undefined) {
        // The save waiting for the network is what the tab shows; its notice says it waits, nothing is unsaved.
        form.reset(pendingValues, { keepDefaultValues: true });
        if (draft) await forgetDraft(key);
      } else if (draft) {
        await forgetDraft(key);
      }
      if (isSavePending) setNotice(key, navigator.onLine === false ? 'offline' : 'saving');
      setDraftLoaded(true);
    })();
    return () => {
      isActive = false;
    };
  }, [key, installationKey, isReadOnly, form, setNotice]);

  // The background sync may send or drop the waiting save meanwhile: what waits is followed.
  useEffect(() => {
    if (isReadOnly) return;
    let isActive = true;
    const follow = () => {
      void readPendingSave(key).then((pending) => {
        if (isActive) keptForSending.current = pending === undefined ? null : (pending.values as V);
      });
    };
    const stop = subscribePendingSaves(follow);
    return () => {
      isActive = false;
      stop();
    };
  }, [key, isReadOnly]);

  // Typing into the empty form starts another installation: the offer goes, and the new entries replace the old ones on the device.
  useEffect(() => {
    if (!offeredDraft) return;
    const subscription = form.watch(() => setOfferedDraft(null));
    return () => subscription.unsubscribe();
  }, [offeredDraft, form]);

  /** The installer takes up the unsaved installation offered: its entries fill the form. */
  const continueDraft = useCallback(() => {
    if (!offeredDraft) return;
    setOfferedDraft(null);
    form.reset(offeredDraft.values, { keepDefaultValues: true });
    setRestoredAt(offeredDraft.savedAt);
  }, [form, offeredDraft]);

  /** The installer starts afresh: the unsaved installation is forgotten on this device. */
  const declineDraft = useCallback(async () => {
    setOfferedDraft(null);
    await forgetDraft(key);
  }, [key]);

  // Every change is copied to the device shortly after typing stops, and at once when the tab closes.
  useEffect(() => {
    if (isReadOnly || !isDraftLoaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const persist = () => {
      timer = undefined;
      if (isHandedOver.current) return;
      const values = structuredClone(form.getValues());
      const kept = keptForSending.current;
      // The entries of the save that waits for the network are kept with it: no draft beside it.
      void (kept !== null && isSameValues(values, kept) ? forgetDraft(key) : keepDraft(key, values, latest.current.defaultValues));
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(persist, DRAFT_SAVE_DELAY_MS);
    };
    const subscription = form.watch(schedule);
    // Keystrokes made while the device copy was still being read count too.
    if (!isSameValues(form.getValues(), latest.current.defaultValues)) schedule();
    return () => {
      subscription.unsubscribe();
      if (timer !== undefined) {
        clearTimeout(timer);
        persist();
      }
    };
  }, [key, isReadOnly, isDraftLoaded, form]);

  const handleRefusal = useCallback(
    async (error: unknown, values: V) => {
      if (latest.current.onRefusal?.(error)) return;
      const fieldErrors = serverFieldErrors(error);
      let isShownOnForm = false;
      for (const fieldError of fieldErrors) {
        const apply = latest.current.applyServerError;
        if (apply ? apply(fieldError, form) : fieldError.field in form.getValues()) {
          if (!apply) form.setError(fieldError.field as Path<V>, { type: 'server', message: fieldError.message }, { shouldFocus: true });
          isShownOnForm = true;
        }
      }
      if (isShownOnForm) return;
      const code = isApiError(error) ? error.code : null;
      const id = latest.current.installation?.id;
      if (code === 'VERSION_CONFLICT' && id !== undefined) {
        // Read what the other device saved; the form then shows both, field by field.
        mergeOnNextVersion.current = { base: latest.current.defaultValues, mine: values };
        try {
          await queryClient.refetchQueries({ queryKey: installationKeys.detail(id), exact: true }, { throwOnError: true });
        } catch {
          mergeOnNextVersion.current = null;
          setNotice(key, 'conflict');
        }
      } else if (code === 'VERSION_CONFLICT') {
        setNotice(key, 'conflict');
      } else if (code === 'INSTALLATION_COMPLETED') {
        // Someone submitted it meanwhile: it opens read-only from now on.
        void forgetDraft(key);
        if (id !== undefined) void queryClient.invalidateQueries({ queryKey: installationKeys.detail(id) });
      } else if (!isApiError(error) || error.status >= 500) {
        showSaveError(normalizeError(error));
      } else {
        // SPEC §8: the internalError toast closes the form. What was typed is kept on the device
        // first, and comes back when this tab is opened again.
        await storeDraft(key, values);
        notifyInternalError(t);
        requestClose();
      }
    },
    [form, key, queryClient, requestClose, setNotice, showSaveError, t],
  );

  const send = useCallback(
    async (request: SaveRequest, values: V, withToast: boolean): Promise<SaveResult> => {
      const result = await sendQueuedSave(
        { key, request, values, tab, installation: installationKey, fleet },
        { onSaved: (saved) => storeSavedInstallation(queryClient, saved) },
      );
      keptForSending.current = result.outcome === 'offline' ? values : null;
      if (result.outcome === 'saved' && installationKey === 'new') isHandedOver.current = true;
      if (result.outcome === 'saved') {
        // Entries typed while the save travelled stay on the device.
        await forgetSavedDraft(key, form.getValues(), values);
        setNotice(key, null);
        setRestoredAt(null);
        if (withToast) notifySaved(t, tab);
        return result;
      }
      if (result.outcome === 'offline') {
        setNotice(key, 'offline');
        notifyOffline(t);
        return result;
      }
      // Refused: nothing was saved, so a later save starts afresh. The device copy of the entries went while the save
      // travelled (they were the save's); they are kept again, as entries still to be saved.
      setNotice(key, null);
      await keepDraft(key, structuredClone(form.getValues()), latest.current.defaultValues);
      await handleRefusal(result.error, values);
      return { outcome: 'failed' };
    },
    [fleet, form, handleRefusal, installationKey, key, queryClient, setNotice, t, tab],
  );

  /** Which of these filled paths the form requires: emptied, they turn into 'required' problems. */
  const requiredWhenBlanked = useCallback(
    async (paths: string[]) => {
      const result = await latest.current.resolver(withBlanks(form.getValues(), paths), undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
      const problems = errorMessages(result.errors);
      return paths.filter((path) => problems.get(path) === FORM_ERRORS.required);
    },
    [form],
  );

  /** Validates; sends when something changed (a new installation always); `withToast` for Save. */
  const save = useCallback(
    async ({ withToast }: { withToast: boolean }): Promise<SaveResult> => {
      const current = latest.current.installation;
      if (isReadOnly) return { outcome: 'unchanged', installation: current ?? undefined };
      let output: O | undefined;
      let isValid = false;
      let errors: FieldErrors<V> = {};
      try {
        await form.handleSubmit(
          (data) => {
            output = data;
            isValid = true;
          },
          (found) => {
            errors = found;
          },
        )();
      } catch {
        // Only the resolver throws here: its schema could not be loaded. What was typed stays in the draft.
        notifyChecksNotLoaded(t);
        return { outcome: 'invalid' };
      }
      if (!isValid) {
        setEmptyFormShown(await isEmptyForm(errors, form.getValues(), latest.current.defaultValues, requiredWhenBlanked));
        return { outcome: 'invalid' };
      }
      setEmptyFormShown(false);
      const values = structuredClone(form.getValues());
      const hasPending = await hasPendingSave(key);
      if (current && !hasPending && isSameValues(values, latest.current.defaultValues)) {
        if (withToast) notifySaved(t, tab);
        return { outcome: 'unchanged', installation: current };
      }
      setSaving(true);
      try {
        return await send(latest.current.toRequest(output as O, values), values, withToast);
      } finally {
        setSaving(false);
      }
    },
    [form, isReadOnly, key, requiredWhenBlanked, send, setEmptyFormShown, t, tab],
  );

  /** The installer's choice per conflicting field, applied to the newer version and saved. */
  const resolveConflict = useCallback(
    async (choices: ConflictChoices): Promise<SaveResult> => {
      if (!conflict) return { outcome: 'unchanged' };
      let values = form.getValues();
      for (const { path } of conflict.conflicts) {
        if (choices[path] === 'theirs') values = takeField(values, conflict.theirs, path, latest.current.linkedFields);
      }
      form.reset(values, { keepDefaultValues: true });
      setConflict(null);
      return save({ withToast: true });
    },
    [conflict, form, save],
  );

  // Nothing both changed: the merged entries go to the newer version at once.
  useEffect(() => {
    if (conflict?.conflicts.length !== 0) return;
    setConflict(null);
    void save({ withToast: true });
  }, [conflict, save]);

  // The message goes once something is typed, and with the tab.
  useEffect(() => {
    const subscription = form.watch(() => setEmptyFormShown(false));
    return () => {
      subscription.unsubscribe();
      setEmptyFormShown(false);
    };
  }, [form, setEmptyFormShown]);

  /** Forgets what was typed and not saved: back to the save that waits for the network, else to what the server has. */
  const discard = useCallback(async () => {
    const kept = keptForSending.current;
    setRestoredAt(null);
    if (kept !== null) {
      // A save kept offline was saved: only what was typed after it goes, and it still waits for the network.
      await forgetDraft(key);
      form.reset(kept, { keepDefaultValues: true });
      return;
    }
    await discardTabEntries(key);
    form.reset(latest.current.defaultValues);
    setNotice(key, null);
  }, [form, key, setNotice]);

  /**
   * A value the form starts from that nobody typed (a suggested name): the field and what counts as
   * unchanged take it in the same step. Were the latter to wait for the next render, a tap on the
   * menu or Close meanwhile would find the field changed and ask to save what the installer never entered.
   */
  const suggestValue = useCallback(
    <N extends Path<V>>(name: N, value: PathValue<V, N>) => {
      latest.current = { ...latest.current, defaultValues: { ...latest.current.defaultValues, [name]: value } };
      form.resetField(name, { defaultValue: value });
    },
    [form],
  );

  /** Whether the new installation's entries went to an installation started on this device: then they are no longer kept as unsaved. */
  const setHandedOver = useCallback((handedOver: boolean) => {
    isHandedOver.current = handedOver;
  }, []);

  /** After a version conflict: load the installation again and show its data instead of the entries. */
  const reloadFromServer = useCallback(async () => {
    await discardTabEntries(key);
    keptForSending.current = null;
    setNotice(key, null);
    setRestoredAt(null);
    const id = latest.current.installation?.id;
    if (id !== undefined) await queryClient.refetchQueries({ queryKey: installationKeys.detail(id), exact: true });
    form.reset(latest.current.defaultValues);
  }, [form, key, queryClient, setNotice]);

  // Closing the wizard asks to save this tab when it holds unsaved entries.
  useEffect(() => {
    if (isReadOnly) return;
    setActiveForm({
      tab,
      // Entries saved while offline wait on the device and go once the network is back: leaving asks nothing.
      isDirty: () => {
        const values = form.getValues();
        const kept = keptForSending.current;
        return !isSameValues(values, latest.current.defaultValues) && !(kept !== null && isSameValues(values, kept));
      },
      save: async () => {
        const { outcome } = await save({ withToast: true });
        return outcome === 'saved' || outcome === 'unchanged' || outcome === 'offline';
      },
      discard,
    });
    return () => setActiveForm(null);
  }, [discard, form, isReadOnly, save, setActiveForm, tab]);

  return { form, save, isSaving, notice, restoredAt, offeredDraft, continueDraft, declineDraft, discard, reloadFromServer, setHandedOver, suggestValue, draftKey: key, conflict, resolveConflict, isDraftLoaded };
}
