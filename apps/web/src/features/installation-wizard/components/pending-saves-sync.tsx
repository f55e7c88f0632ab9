import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { storeSavedInstallation } from '../api/save-options';
import { notifyInternalError, notifyNotCreated, notifySaved } from '../lib/notify';
import { replayPendingSaves } from '../lib/save-queue';
import { useWizardStore } from '../stores/wizard-store';

/** Who is signed in, and how to hear of each renewal of their ID token: a good moment to send what waits. */
export type QueueSyncProps = { userId: string | null; onTokenRenewed: (listener: () => void) => () => void };

/** A depot's Wi-Fi may be up while the portal is not reachable: look again this often. */
export const PENDING_RETRY_INTERVAL_MS = 30_000;

/**
 * Sends the saves that failed for lack of network, with their own Idempotency-Key, when the
 * connection comes back (the 'online' event, or the next renewal of the ID token), on start-up and
 * every half minute while any wait.
 * Mounted once for the signed-in app, so leaving the wizard does not lose them.
 */
export function PendingSavesSync({ userId, onTokenRenewed }: QueueSyncProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let isRunning = false;
    let isStopped = false;
    const { setNotice, setCreated } = useWizardStore.getState();

    const flush = async () => {
      if (isRunning || isStopped || navigator.onLine === false) return;
      isRunning = true;
      // Installations started offline that the server created: their page opens once their saves went too.
      let startedOffline: { id: number; fleet: string; localId: number } | null = null;
      try {
        await replayPendingSaves(userId, {
          isStopped: () => isStopped,
          onSending: (key) => setNotice(key, 'saving'),
          onReceived: (saved) => storeSavedInstallation(queryClient, saved),
          onSaved: (key, saved, pending) => {
            setNotice(key, null);
            notifySaved(t, pending.tab);
            if (pending.save.endpoint === 'create' && pending.localId !== undefined) startedOffline = { id: saved.id, fleet: saved.fleet, localId: pending.localId };
            else if (pending.save.endpoint === 'create') setCreated({ id: saved.id, fleet: saved.fleet });
          },
          onOffline: (key) => setNotice(key, 'offline'),
          // Refused: nothing was saved. The entries stay as a draft on the tab. An installation started offline that
          // the server would not create stays on the device, and the fleet home says why.
          onRefused: (key, isConflict, refusal) => {
            setNotice(key, isConflict ? 'conflict' : null);
            if (refusal) notifyNotCreated(t, refusal);
            else if (!isConflict) notifyInternalError(t);
          },
        });
        if (startedOffline && !isStopped) setCreated(startedOffline);
      } finally {
        isRunning = false;
      }
    };

    const onOnline = () => void flush();
    void flush();
    window.addEventListener('online', onOnline);
    const stopRenewal = onTokenRenewed(onOnline);
    const timer = setInterval(onOnline, PENDING_RETRY_INTERVAL_MS);
    return () => {
      isStopped = true;
      stopRenewal();
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [userId, onTokenRenewed, queryClient, t]);

  return null;
}
