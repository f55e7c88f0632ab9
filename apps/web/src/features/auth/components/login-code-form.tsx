import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { SIGN_IN_CODE_LENGTH } from '@portal/domain/constants';
import { isValidSignInCode, normalizeSignInCode } from '@portal/domain/sign-in';
import { ActionButton, TextField } from './login-ui';
import classes from './login.module.css';

type LoginCodeFormProps = {
  isSubmitting: boolean;
  onSubmit: (otp: string) => void;
};

export function LoginCodeForm({ isSubmitting, onSubmit }: LoginCodeFormProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);
  /** The code sent last by itself: typing or pasting another one sends that one too, never the same twice. */
  const autoSent = useRef<string | null>(null);

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (isSubmitting) return;
    if (!isValidSignInCode(value)) {
      setIsInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setIsInvalid(false);
    onSubmit(normalizeSignInCode(value));
  };

  return (
    <form noValidate onSubmit={submit} className={classes.form}>
      <TextField
        ref={inputRef}
        name="otp"
        label={t('auth.login.codeLabel')}
        autoComplete="one-time-code"
        inputMode="numeric"
        // The code step follows the installer's own action; the field they need next takes the focus.
        autoFocus
        required
        maxLength={SIGN_IN_CODE_LENGTH + 2}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          if (isInvalid && isValidSignInCode(next)) setIsInvalid(false);
          // The sixth digit, typed or pasted, signs in: no Sign in button to find with gloves on.
          const code = normalizeSignInCode(next);
          if (!isSubmitting && isValidSignInCode(next) && code !== autoSent.current) {
            autoSent.current = code;
            onSubmit(code);
          }
        }}
        error={isInvalid ? t('auth.login.validation.codeInvalid') : undefined}
        inputClassName={classes.code}
        data-testid="login-code"
      />
      <ActionButton type="submit" isLoading={isSubmitting} data-testid="login-submit">
        {t('auth.login.signIn')}
      </ActionButton>
    </form>
  );
}
