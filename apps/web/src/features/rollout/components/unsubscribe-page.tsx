import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { PublicPage } from '@/components/ui/public-page';

type State = { kind: 'loading' } | { kind: 'unknown' } | { kind: 'failed' } | { kind: 'ask'; fleet: string; email: string } | { kind: 'done'; fleet: string };

/**
 * The weekly rollout mail's unsubscribe link: no sign-in, one button. Opening the link changes
 * nothing (mail scanners open links); the button does.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const url = `/api/rollout-mail/${encodeURIComponent(token)}`;

  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (res) => {
        if (res.status === 404 || res.status === 400) return setState({ kind: 'unknown' });
        if (!res.ok) return setState({ kind: 'failed' });
        const body = (await res.json()) as { fleet: string; email: string };
        setState({ kind: 'ask', fleet: body.fleet, email: body.email });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [url]);

  const confirm = async (fleet: string) => {
    setBusy(true);
    try {
      const res = await fetch(`${url}/unsubscribe`, { method: 'POST' });
      setState(res.ok ? { kind: 'done', fleet } : { kind: 'failed' });
    } catch {
      setState({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (state.kind === 'loading') body = <p role="status">…</p>;
  else if (state.kind === 'unknown') body = <p role="alert">{t('rolloutMail.page.unknown')}</p>;
  else if (state.kind === 'failed') body = <p role="alert">{t('errors.loadingData.text')}</p>;
  else if (state.kind === 'done') body = <p role="status" data-testid="unsubscribe-done">{t('rolloutMail.page.done', { fleet: state.fleet })}</p>;
  else
    body = (
      <>
        <p>{t('rolloutMail.page.question', { fleet: state.fleet, email: state.email })}</p>
        <Button onClick={() => void confirm(state.fleet)} loading={busy} data-testid="unsubscribe-confirm">
          {t('rolloutMail.page.confirm')}
        </Button>
      </>
    );

  return (
    <PublicPage titleId="unsubscribe-title" title={t('rolloutMail.page.title')} cardStyle={{ maxWidth: 560, padding: 'var(--mantine-spacing-lg)', height: 'fit-content' }}>
      {body}
    </PublicPage>
  );
}
