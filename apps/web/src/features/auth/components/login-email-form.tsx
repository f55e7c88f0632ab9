import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailSchema } from '@portal/domain/auth';

const LoginEmailFormSchema = z.object({ email: EmailSchema });
type LoginEmailForm = z.input<typeof LoginEmailFormSchema>;

// The resolver reports a reason; the form turns it into the sentence of the current language.
const resolver = zodResolver(LoginEmailFormSchema, {
  error: (issue) => ((issue as { input?: unknown }).input === '' ? 'required' : 'invalid'),
});

type LoginEmailFormProps = {
  defaultEmail?: string;
  isSubmitting: boolean;
  onSubmit: (email: string) => void;
};

export function LoginEmailForm({ defaultEmail = '', isSubmitting, onSubmit }: LoginEmailFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginEmailForm, unknown, z.output<typeof LoginEmailFormSchema>>({
    resolver,
    defaultValues: { email: defaultEmail },
  });

  const emailError =
    errors.email?.message === 'required'
      ? t('solar.errors.formErrors.required', { field: t('auth.login.emailField') })
      : errors.email
        ? t('auth.login.validation.emailInvalid')
        : undefined;

  return (
    <form noValidate onSubmit={handleSubmit(({ email }) => onSubmit(email))}>
      <Stack gap="md">
        <TextInput
          {...register('email')}
          type="email"
          label={t('auth.login.emailLabel')}
          placeholder={t('auth.login.emailPlaceholder')}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={emailError}
          data-testid="login-email"
        />
        <Button type="submit" fullWidth loading={isSubmitting} data-testid="login-request">
          {t('auth.login.requestLink')}
        </Button>
      </Stack>
    </form>
  );
}
