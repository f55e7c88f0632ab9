import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { TOAST_DURATION_MS } from '@portal/domain/constants';
import type { WizardTab } from '@portal/domain/installation';

/** Long enough to read a sentence that needs action. */
const ERROR_TOAST_MS = 8000;

/** 'The {{tab}} has been saved successfuly!' for one second. */
export function notifySaved(t: TFunction, tab: WizardTab): void {
  notifications.show({
    color: 'green',
    message: t('wizard.saved', { tab: t(`wizard.tabNames.${tab}`) }),
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('wizard.closeNotification') },
  });
}

/** SPEC §8 internalError: the server refused the data for a reason the form cannot show beside a field. */
export function notifyInternalError(t: TFunction): void {
  notifications.show({
    color: 'red',
    message: t('solar.errors.formErrors.internalError'),
    autoClose: ERROR_TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('wizard.closeNotification') },
  });
}

/** Where a new installation went when the installer chose another of their fleets for it. */
export function notifyRecordedInFleet(t: TFunction, serial: string, fleetName: string): void {
  notifications.show({
    color: 'blue',
    message: t('wizard.general.otherFleet.recorded', { serial, fleetName }),
    autoClose: ERROR_TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('wizard.closeNotification') },
  });
}

/** A save could not leave the device: said where the installer looks, not only above the form. */
export function notifyOffline(t: TFunction): void {
  notifications.show({
    id: 'save-offline',
    color: 'orange',
    title: t('wizard.offline.title'),
    message: t('wizard.offline.text'),
    autoClose: ERROR_TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('wizard.closeNotification') },
  });
}

/** The device would not keep a picked file (storage full or private mode): it lives only as long as this page. */
export function notifyFileNotKept(t: TFunction, name: string): void {
  notifications.show({
    color: 'red',
    title: t('wizard.uploads.notKept.title'),
    message: t('wizard.uploads.notKept.text', { name }),
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('wizard.closeNotification') },
  });
}
