import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { z } from 'zod';
import { FLEET_ROLES } from '@portal/domain/fleet';
import { InviteMemberSchema, type Member } from '@portal/domain/registry';
import { FORM_ERRORS as E } from '@portal/domain/validation';
import { isApiError } from '@/lib/api-error';
import { isAccessLost } from '../api/admin-query-keys';
import { useInviteMember } from '../api/invite-member';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { EmailInput } from '@/components/ui/email-input';

/** The server's rule, with message keys the form can translate; the language is this screen's. */
const InviteSchema = InviteMemberSchema.pick({ email: true, role: true });

const ALREADY_MEMBER = 'alreadyMember';

type InviteMemberFormProps = { fleet: string; members: readonly Member[] };

/** Invites someone by email with a role; the invitation goes out in the language of this screen. */
export function InviteMemberForm({ fleet, members }: InviteMemberFormProps) {
  const { t, i18n } = useTranslation();
  const invite = useInviteMember(fleet);
  const [hasFailed, setHasFailed] = useState(false);
  /** What the last invitation did: the mail went out, or only the access was granted. */
  const [outcome, setOutcome] = useState<{ email: string; emailSent: boolean } | null>(null);
  const { register, handleSubmit, setError, reset, getValues, formState: { errors } } = useZodForm(InviteSchema, { email: '', role: 'installer' });

  const emailError = (() => {
    const message = errors.email?.message;
    if (!message) return undefined;
    if (message === E.required) return t('solar.errors.formErrors.required', { field: t('admin.access.invite.emailName') });
    if (message === E.tooLong) return t('solar.errors.formErrors.tooLong', { field: t('admin.access.invite.emailName') });
    if (message === ALREADY_MEMBER) return t('admin.access.invite.alreadyMember');
    return t('admin.access.invite.invalidEmail');
  })();

  const onSubmit = ({ email, role }: z.output<typeof InviteSchema>) => {
    setHasFailed(false);
    setOutcome(null);
    if (members.some((member) => member.email.toLowerCase() === email)) {
      // Inviting again would silently change the role; the list is the place for that.
      setError('email', { type: 'validate', message: ALREADY_MEMBER }, { shouldFocus: true });
      return;
    }
    const language = i18n.language;
    invite.mutate(
      { email, role, language },
      {
        onSuccess: ({ emailSent }) => {
          setOutcome({ email, emailSent });
          if (emailSent) notify(t, { message: t('admin.access.invite.sent', { email }) });
          reset({ email: '', role: getValues('role') });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'VALIDATION_ERROR') setError('email', { type: 'server', message: E.invalidEmail }, { shouldFocus: true });
          else if (!isAccessLost(error)) setHasFailed(true);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invite-title">
      <form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="invite-form">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="invite-title">
              {t('admin.access.invite.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('admin.access.invite.text')}
            </Text>
          </div>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <EmailInput
              {...register('email')}
              label={t('admin.access.invite.email')}
              placeholder={t('admin.access.invite.emailPlaceholder')}
              autoComplete="off"
              error={emailError}
              style={{ flex: '999 1 16rem' }}
              data-testid="invite-email"
            />
            <NativeSelect
              {...register('role')}
              label={t('admin.access.invite.role')}
              data={FLEET_ROLES.map((role) => ({ value: role, label: t(`admin.access.roles.${role}`) }))}
              style={{ flex: '1 0 12rem', maxWidth: '100%' }}
              data-testid="invite-role"
            />
          </Group>
          {outcome && (
            <Alert
              color={outcome.emailSent ? 'green' : 'orange'}
              variant="light"
              icon={outcome.emailSent ? <IconMailCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
              role="status"
              data-testid="invite-outcome"
            >
              {outcome.emailSent ? t('admin.access.invite.sentDetail', { email: outcome.email }) : t('admin.access.invite.notSent', { email: outcome.email })}
            </Alert>
          )}
          {hasFailed && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {t('admin.access.invite.failed')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend aria-hidden />} loading={invite.isPending} data-testid="invite-submit">
              {t('admin.access.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
