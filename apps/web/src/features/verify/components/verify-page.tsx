import { useEffect, useState } from 'react';
import { LOCALES } from '@portal/domain/constants';
import type { Verification } from '@portal/domain/history';
import { PublicPage } from '@/components/ui/public-page';
import { formatDate } from '@/lib/format-date';
import { addTranslations, useTranslation } from '@/lib/i18n';
import texts from 'virtual:locale-part/all/verify';
import classes from './verify.module.css';

for (const locale of LOCALES) addTranslations(locale, texts[locale]);

/** `#/verify/{code}` → the code; anything after it (a query) is ignored. */
export function verificationCodeOf(hash: string): string {
  return /^#\/verify\/([^/?#]*)/.exec(hash)?.[1] ?? '';
}

type Status = { kind: 'loading' } | { kind: 'notFound' } | { kind: 'failed' } | { kind: 'found'; data: Verification };

/**
 * The public page a report's QR code opens: whether the record is still as signed. No sign-in, no
 * router and no component library, so it opens quickly on a phone.
 */
export function VerifyPage({ code = verificationCodeOf(window.location.hash) }: { code?: string }) {
  const { t, i18n: instance } = useTranslation();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const locale = instance.language;

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/verify/${encodeURIComponent(code)}`, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (res) => {
        if (res.status === 404) return setStatus({ kind: 'notFound' });
        if (!res.ok) return setStatus({ kind: 'failed' });
        setStatus({ kind: 'found', data: (await res.json()) as Verification });
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [code]);

  const none = t('verify.none');
  let body;
  if (status.kind === 'loading') body = <p className={classes.message} role="status">{t('verify.loading')}</p>;
  else if (status.kind !== 'found') body = <p className={classes.changed} role="alert">{t(status.kind === 'notFound' ? 'verify.notFound' : 'verify.failed')}</p>;
  else {
    const { data } = status;
    const stateText =
      data.state === 'superseded'
        ? t('verify.superseded', { version: data.newerVersion?.version, date: formatDate(data.newerVersion?.at, locale) })
        : data.state === 'reopened'
          ? t('verify.reopened', { date: formatDate(data.reopened?.at, locale) })
          : t('verify.valid');
    body = (
      <>
        <p className={data.state === 'valid' ? classes.valid : classes.changed} data-testid="verify-state" data-state={data.state}>
          {stateText}
        </p>
        {data.state === 'superseded' && data.reopened && (
          <p className={classes.message}>{t('verify.reopened', { date: formatDate(data.reopened.at, locale) })}</p>
        )}
        <dl className={classes.facts} data-testid="verify-facts">
          <dt>{t('verify.serialNumber')}</dt>
          <dd>{data.serialNumber}</dd>
          <dt>{t('verify.vin')}</dt>
          <dd>{data.vin ?? none}</dd>
          <dt>{t('verify.completionDate')}</dt>
          <dd>{formatDate(data.completionDate, locale) || none}</dd>
          <dt>{t('verify.company')}</dt>
          <dd>{data.company ?? none}</dd>
          <dt>{t('verify.reportVersion')}</dt>
          <dd>{data.reportVersion}</dd>
        </dl>
      </>
    );
  }

  return (
    <PublicPage titleId="verify-title" title={t('verify.title')} cardClassName={classes.card} testId="verify-page">
      {body}
    </PublicPage>
  );
}
