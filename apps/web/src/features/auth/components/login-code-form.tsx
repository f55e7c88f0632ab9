import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SignInWithCodeSchema } from '@portal/domain/auth';
import { SIGN_IN_CODE_LENGTH } from '@portal/domain/constants';

const LoginCodeFormSchema = z.object({
  // Codes are often pasted as "123 456": keep the digits only.
  otp: z.string().transform((value) => value.replace(/\D/g, '')).pipe(SignInWithCodeSchema.shape.otp),
});
type LoginCodeForm = z.input<typeof LoginCodeFormSchema>;

const resolver = zodResolver(LoginCodeFormSchema, { error: () => 'invalid' });

type LoginCodeFormProps = {
  isSubmitting: boolean;
  onSubmit: (otp: string) => void;
};

export function LoginCodeForm({ isSubmitting, onSubmit }: LoginCodeFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginCodeForm, unknown, z.output<typeof LoginCodeFormSchema>>({
    resolver,
    defaultValues: { otp: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(({ otp }) => onSubmit(otp))}>
      <Stack gap="md">
        <TextInput
          {...register('otp')}
          label={t('auth.login.codeLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          required
          error={errors.otp ? t('auth.login.validation.codeInvalid') : undefined}
          data-testid="login-code"
          styles={{ input: { fontSize: 'var(--mantine-font-size-xl)', letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          maxLength={SIGN_IN_CODE_LENGTH + 2}
        />
        <Button type="submit" fullWidth loading={isSubmitting} data-testid="login-submit">
          {t('auth.login.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
