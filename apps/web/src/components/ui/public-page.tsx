import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { LegalFooter } from './legal-footer';
import { LocaleSwitch } from './locale-switch';
import frame from './public-page.module.css';

type Props = {
  /** The id of the heading, which names the card. */
  titleId: string;
  title: string;
  cardClassName?: string;
  cardStyle?: CSSProperties;
  testId?: string;
  children: ReactNode;
};

/** A page opened from a link without signing in: the brand and language switch, one card, the legal footer. */
export function PublicPage({ titleId, title, cardClassName, cardStyle, testId, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <p className={frame.brand}>{t('app.brand')}</p>
        <LocaleSwitch />
      </header>
      <main className={frame.main}>
        <section className={cardClassName ? `${frame.card} ${cardClassName}` : frame.card} style={cardStyle} aria-labelledby={titleId} data-testid={testId}>
          <h1 id={titleId} className={frame.title}>
            {title}
          </h1>
          {children}
        </section>
      </main>
      <LegalFooter />
    </div>
  );
}
