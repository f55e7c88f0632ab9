import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { isValidEmail, normalizeEmail } from '@portal/domain/sign-in';
import { ActionButton, TextField } from './login-ui';
import classes from './login.module.css';

type EmailError = 'required' | 'invalid' | null;

type LoginEmailFormProps = {
  defaultEmail?: string;
  isSubmitting: boolean;
  onSubmit: (email: string) => void;
};

/** One field; checked on submit with the domain's rule, then re-checked while the installer corrects it. */
export function LoginEmailForm({ defaultEmail = '', isSubmitting, onSubmit }: LoginEmailFormProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultEmail);
  const [error, setError] = useState<EmailError>(null);
  const [wasSubmitted, setWasSubmitted] = useState(false);

  const check = (input: string): EmailError => (input.trim() === '' ? 'required' : isValidEmail(input) ? null : 'invalid');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    const problem = check(value);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    onSubmit(normalizeEmail(value));
  };

  const message =
    error === 'required' ? t('auth.login.validation.emailRequired') : error === 'invalid' ? t('auth.login.validation.emailInvalid') : undefined;

  return (
    <form noValidate onSubmit={submit} className={classes.form}>
      <TextField
        ref={inputRef}
        name="email"
        type="email"
        label={t('auth.login.emailLabel')}
        placeholder={t('auth.login.emailPlaceholder')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (wasSubmitted) setError(check(event.target.value));
        }}
        error={message}
        data-testid="login-email"
      />
      <ActionButton type="submit" isLoading={isSubmitting} data-testid="login-request">
        {t('auth.login.requestLink')}
      </ActionButton>
    </form>
  );
}
