import { useState } from 'react';
import { IconBrandGoogle, IconBrandWindows, IconBuilding } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { signInSocial, type SocialProvider } from '../api/sign-in-social';
import { rememberPendingProvider } from '../lib/complete-redirect-sign-in';
import { ActionButton } from './login-ui';
import classes from './login.module.css';

type LoginSocialButtonsProps = {
  providers: readonly SocialProvider[];
  /** The operator's name for the company identity provider. */
  oidcLabel?: string;
  onError: (provider: SocialProvider) => void;
};

const ICONS = { google: IconBrandGoogle, microsoft: IconBrandWindows, oidc: IconBuilding } as const;

export function LoginSocialButtons({ providers, oidcLabel = '', onError }: LoginSocialButtonsProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<SocialProvider | null>(null);

  const start = (provider: SocialProvider) => {
    setPending(provider);
    signInSocial(provider).then(
      (url) => {
        // Only once the browser really leaves: the callback then names the right provider on failure.
        rememberPendingProvider(provider);
        window.location.assign(url);
      },
      () => {
        setPending(null);
        onError(provider);
      },
    );
  };

  return (
    <div className={classes.form}>
      {providers.map((provider) => {
        const Icon = ICONS[provider];
        return (
          <ActionButton
            key={provider}
            variant="default"
            icon={<Icon aria-hidden />}
            isLoading={pending === provider}
            disabled={pending !== null}
            onClick={() => start(provider)}
          >
            {provider === 'oidc' ? t('auth.login.oidc', { label: oidcLabel }) : t(`auth.login.${provider}`)}
          </ActionButton>
        );
      })}
    </div>
  );
}
