import type { TFunction } from '@/lib/i18n';
import { TOAST_DURATION_MS } from '@portal/domain/constants';
import type { WizardTab } from '@portal/domain/installation';
import { notify } from '@/lib/notify';
import type { Refusal } from './draft-storage';
import { refusalText } from './serial-refusals';

/** 'The {{tab}} has been saved successfuly!' for one second. */
export function notifySaved(t: TFunction, tab: WizardTab): void {
  notify(t, { message: t('wizard.saved', { tab: t(`wizard.tabNames.${tab}`) }), autoClose: TOAST_DURATION_MS });
}

/** SPEC §8 internalError: the server refused the data for a reason the form cannot show beside a field. */
export function notifyInternalError(t: TFunction): void {
  notify(t, { message: t('solar.errors.formErrors.internalError'), tone: 'error' });
}

/** Where a new installation went when the installer chose another of their fleets for it. */
export function notifyRecordedInFleet(t: TFunction, serial: string, fleetName: string): void {
  notify(t, { message: t('wizard.general.otherFleet.recorded', { serial, fleetName }), tone: 'info' });
}

/** A save could not leave the device: said where the installer looks, not only above the form. */
export function notifyOffline(t: TFunction): void {
  notify(t, { id: 'save-offline', title: t('wizard.offline.title'), message: t('wizard.offline.text'), tone: 'warning' });
}

/** A tab's checks load after it has painted: offline before they came (no service worker in control yet), it cannot be saved. */
export function notifyChecksNotLoaded(t: TFunction): void {
  notify(t, { id: 'checks-not-loaded', title: t('wizard.offline.checksNotLoaded.title'), message: t('wizard.offline.checksNotLoaded.text'), tone: 'warning' });
}

/** The device would not keep a picked file (storage full or private mode): it lives only as long as this page. */
export function notifyFileNotKept(t: TFunction, name: string): void {
  notify(t, { title: t('wizard.uploads.notKept.title'), message: t('wizard.uploads.notKept.text', { name }), tone: 'error', autoClose: false });
}

/** An installation started offline that the server would not create: its name and why (the fleet home keeps saying so). */
export function notifyNotCreated(t: TFunction, refusal: Refusal): void {
  notify(t, { title: t('wizard.offline.device.refusedToast', { name: refusal.name }), message: refusalText(t, refusal), tone: 'error' });
}
