import { Badge, Box, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { FLEET_ROLES, type FleetRole } from '@portal/domain/fleet';
import type { Member } from '@portal/domain/registry';
import { CardList, ListCard } from '@/components/ui/card-list';
import { DataTable, HiddenHeaderCell } from '@/components/ui/data-table';
import { DeleteIconButton } from '@/components/ui/delete-icon-button';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';

type MembersViewProps = {
  members: readonly Member[];
  isLoading: boolean;
  isNarrow: boolean;
  currentUserId: string | null;
  /** The role change being saved: that member's select shows the new role and waits. */
  pendingChange: { userId: string; role: FleetRole } | null;
  onRoleChange: (member: Member, role: FleetRole) => void;
  onRemove: (member: Member) => void;
  /** The member whose invitation is being sent again. */
  resendingUserId: string | null;
  onResend: (member: Member) => void;
};

const isRole = (value: string): value is FleetRole => (FLEET_ROLES as readonly string[]).includes(value);

/** The fleet's members with a role select and a remove button each; cards on narrow screens. */
export function MembersView({ members, isLoading, isNarrow, currentUserId, pendingChange, onRoleChange, onRemove, resendingUserId, onResend }: MembersViewProps) {
  const { t } = useTranslation();
  const roleOptions = FLEET_ROLES.map((role) => ({ value: role, label: t(`admin.access.roles.${role}`) }));
  const displayName = (member: Member) => member.name || member.email;
  const isBusy = (member: Member) => pendingChange?.userId === member.userId;

  const nameOf = (member: Member) => (
    <Group gap="xs" wrap="wrap" component="span">
      <span>{displayName(member)}</span>
      {member.userId === currentUserId && (
        <Badge variant="light" size="sm" tt="none">
          {t('admin.access.you')}
        </Badge>
      )}
      {!member.signedIn && (
        <Badge variant="light" color="orange" c={WARNING_TEXT_COLOR} size="sm" tt="none" data-testid="member-not-signed-in">
          {t('admin.access.notSignedIn')}
        </Badge>
      )}
    </Group>
  );

  // Someone who has not signed in yet may have lost or missed the mail: one tap sends a new link.
  const resendButton = (member: Member) =>
    member.signedIn ? null : (
      <Button
        variant="subtle"
        size="compact-md"
        mih={44}
        leftSection={<IconSend size={18} aria-hidden />}
        loading={resendingUserId === member.userId}
        onClick={() => onResend(member)}
        aria-label={t('admin.access.resendTo', { name: displayName(member) })}
        data-testid="member-resend"
      >
        {t('admin.access.resend')}
      </Button>
    );

  const roleSelect = (member: Member, withLabel: boolean) => (
    <NativeSelect
      data={roleOptions}
      value={pendingChange?.userId === member.userId ? pendingChange.role : member.role}
      onChange={(event) => {
        const role = event.currentTarget.value;
        if (isRole(role) && role !== member.role) onRoleChange(member, role);
      }}
      label={withLabel ? t('admin.access.columns.role') : undefined}
      aria-label={withLabel ? undefined : t('admin.access.roleOf', { name: displayName(member) })}
      disabled={isBusy(member)}
      data-testid="member-role"
    />
  );

  const list = {
    label: t('admin.tabs.access'),
    isLoading,
    skeletonRows: 3,
    isEmpty: members.length === 0,
    emptyText: t('common.table.empty', { entity: t('admin.access.entity') }),
  };

  // On a card the button is as big as the role select beside it.
  const removeButton = (member: Member, isLarge: boolean) => (
    <DeleteIconButton
      label={t('admin.access.removeOf', { name: displayName(member) })}
      title={t('admin.access.remove')}
      onClick={() => onRemove(member)}
      isLarge={isLarge}
      disabled={isBusy(member)}
    />
  );

  if (isNarrow) {
    return (
      <CardList {...list} skeletonHeight={190}>
        {members.map((member) => (
          <ListCard key={member.userId} data-testid="member-row" data-email={member.email}>
            <div>
              <Text fw={600} size="lg" component="div" style={{ overflowWrap: 'anywhere' }}>
                {nameOf(member)}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Text>
              {resendButton(member)}
            </div>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <Box flex={1}>{roleSelect(member, true)}</Box>
              {removeButton(member, true)}
            </Group>
          </ListCard>
        ))}
      </CardList>
    );
  }

  const head = (
    <>
      <Table.Th>{t('admin.access.columns.name')}</Table.Th>
      <Table.Th>{t('admin.access.columns.email')}</Table.Th>
      <Table.Th>{t('admin.access.columns.role')}</Table.Th>
      <HiddenHeaderCell>{t('admin.access.columns.actions')}</HiddenHeaderCell>
    </>
  );

  return (
    <DataTable {...list} head={head} columnCount={4} minWidth={640}>
      {members.map((member) => (
        <Table.Tr key={member.userId} data-testid="member-row" data-email={member.email}>
          <Table.Td fw={600}>{nameOf(member)}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <div>{member.email}</div>
            {resendButton(member)}
          </Table.Td>
          <Table.Td w={220}>{roleSelect(member, false)}</Table.Td>
          <Table.Td w={72} ta="end">
            {removeButton(member, false)}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
