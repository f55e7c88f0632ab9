import { useState } from 'react';
import { Alert, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import type { FleetRole } from '@portal/domain/fleet';
import type { Member } from '@portal/domain/registry';
import { ConfirmDialog, confirmTexts } from '@/components/ui/confirm-dialog';
import { QueryContent } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { isAccessLost } from '../api/admin-query-keys';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { useResendInvitation } from '../api/invite-member';
import { useDialog } from '@/lib/use-dialog';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { notify } from '@/lib/notify';
import { AdminAccessDenied } from './admin-access-denied';
import { InviteMemberForm } from './invite-member-form';
import { MembersView } from './members-view';

type AccessPanelProps = {
  fleet: string;
  /** The signed-in user: their own row is marked, and giving up their own access asks first. */
  currentUserId: string | null;
  onRetryAccess: () => void;
};

type Notice = 'lastAdmin' | 'memberGone' | 'changeFailed';

/** What went wrong with a change, or null when the screen itself will show it (access lost). */
function noticeOf(error: unknown): Notice | null {
  if (isApiError(error) && error.code === 'LAST_ADMIN') return 'lastAdmin';
  if (isApiError(error) && error.status === 403) return null;
  if (isApiError(error) && error.status === 404) return 'memberGone';
  return 'changeFailed';
}

/** Who may open the fleet: roles, removal and invitations. A fleet always keeps one admin. */
export function AccessPanel({ fleet, currentUserId, onRetryAccess }: AccessPanelProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const isNarrow = useIsNarrow();
  const members = useMembers(fleet);
  const updateRole = useUpdateMemberRole(fleet, currentUserId);
  const remove = useRemoveMember(fleet, currentUserId);
  const resend = useResendInvitation(fleet);
  const [notice, setNotice] = useState<Notice | null>(null);
  const removing = useDialog<Member>();
  const [isDemoteOpen, setIsDemoteOpen] = useState(false);

  const nameOf = (member: Member) => member.name || member.email;
  const roleName = (role: FleetRole) => t(`admin.access.roles.${role}`);

  const changeRole = (member: Member, role: FleetRole, { onDone }: { onDone?: () => void } = {}) => {
    setNotice(null);
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => {
          notify(t, { message: t('admin.access.roleChanged', { name: nameOf(member), role: roleName(role) }) });
          onDone?.();
          // Without admin rights this area is closed to the user: back to the fleet's home.
          if (member.userId === currentUserId && role !== 'admin') navigate(`/${fleet}`);
        },
        onError: (error) => {
          setNotice(noticeOf(error));
          onDone?.();
        },
      },
    );
  };

  const onRoleChange = (member: Member, role: FleetRole) => {
    if (member.userId === currentUserId && role !== 'admin') setIsDemoteOpen(true);
    else changeRole(member, role);
  };

  const onResend = (member: Member) => {
    setNotice(null);
    const language = i18n.language;
    resend.mutate(
      { userId: member.userId, language },
      {
        onSuccess: () => notify(t, { message: t('admin.access.invite.sent', { email: member.email }) }),
        onError: (error) => {
          if (isApiError(error) && error.status === 404) setNotice('memberGone');
          else if (!isAccessLost(error)) notify(t, { message: t('admin.access.invite.failed'), tone: 'error' });
        },
      },
    );
  };

  const onConfirmRemove = () => {
    const member = removing.item;
    if (!member) return;
    remove.mutate(member.userId, {
      onSuccess: () => {
        notify(t, { message: t('admin.access.removed', { name: nameOf(member) }) });
        removing.close();
        remove.reset();
        if (member.userId === currentUserId) navigate('/');
      },
    });
  };

  if (isAccessLost(members.error)) return <AdminAccessDenied query={members} onRetryAccess={onRetryAccess} />;

  const me = members.data?.find((member) => member.userId === currentUserId) ?? null;
  const removeError = remove.error ? noticeOf(remove.error) : null;
  const pendingChange = updateRole.isPending && updateRole.variables ? updateRole.variables : null;
  const isRemovingSelf = removing.item?.userId === currentUserId;

  return (
    <Stack gap="md">
      <Text maw={820}>{t('admin.access.intro')}</Text>
      {notice && (
        <Alert
          color={notice === 'lastAdmin' ? 'orange' : 'red'}
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          title={notice === 'lastAdmin' ? t('admin.access.lastAdminTitle') : undefined}
          data-testid="access-notice"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text size="sm">{t(`admin.access.${notice}`)}</Text>
            <CloseButton size="lg" onClick={() => setNotice(null)} aria-label={t('admin.access.dismiss')} mt={-8} />
          </Group>
        </Alert>
      )}

      <QueryContent query={members}>
        <MembersView
          members={members.data ?? []}
          isLoading={members.isPending}
          isNarrow={isNarrow}
          currentUserId={currentUserId}
          pendingChange={pendingChange}
          onRoleChange={onRoleChange}
          resendingUserId={resend.isPending ? (resend.variables?.userId ?? null) : null}
          onResend={onResend}
          onRemove={(member) => {
            remove.reset();
            removing.open(member);
          }}
        />
      </QueryContent>

      <InviteMemberForm fleet={fleet} members={members.data ?? []} />

      <ConfirmDialog
        opened={removing.opened}
        title={t('admin.access.removeDialog.title')}
        text={
          isRemovingSelf
            ? t('admin.access.removeDialog.textSelf')
            : t('admin.access.removeDialog.text', { name: removing.item ? nameOf(removing.item) : '', email: removing.item?.email ?? '' })
        }
        confirmLabel={t('admin.access.removeDialog.confirm')}
        cancelLabel={t('admin.access.removeDialog.cancel')}
        closeLabel={t('admin.access.removeDialog.close')}
        errorText={removeError ? t(`admin.access.${removeError}`) : null}
        isPending={remove.isPending}
        canConfirm={removeError === null || removeError === 'changeFailed'}
        onConfirm={onConfirmRemove}
        onClose={removing.close}
        testId="remove-member-dialog"
        confirmTestId="remove-member-dialog-confirm"
      />

      <ConfirmDialog
        opened={isDemoteOpen}
        {...confirmTexts(t, 'admin.access.demoteDialog')}
        isPending={updateRole.isPending}
        onConfirm={() => {
          if (me) changeRole(me, 'installer', { onDone: () => setIsDemoteOpen(false) });
        }}
        onClose={() => setIsDemoteOpen(false)}
        testId="demote-self-dialog"
        confirmTestId="demote-self-dialog-confirm"
      />
    </Stack>
  );
}
