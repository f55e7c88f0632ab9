import { ActionIcon, Badge, Box, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FLEET_ROLES, type FleetRole } from '@portal/domain/fleet';
import type { Member } from '@portal/domain/registry';
import classes from './registry.module.css';

type MembersViewProps = {
  members: readonly Member[];
  isLoading: boolean;
  isNarrow: boolean;
  currentUserId: string | null;
  /** The role change being saved: that member's select shows the new role and waits. */
  pendingChange: { userId: string; role: FleetRole } | null;
  onRoleChange: (member: Member, role: FleetRole) => void;
  onRemove: (member: Member) => void;
};

const isRole = (value: string): value is FleetRole => (FLEET_ROLES as readonly string[]).includes(value);

/** The fleet's members with a role select and a remove button each; cards on narrow screens. */
export function MembersView({ members, isLoading, isNarrow, currentUserId, pendingChange, onRoleChange, onRemove }: MembersViewProps) {
  const { t } = useTranslation();
  const roleOptions = FLEET_ROLES.map((role) => ({ value: role, label: t(`admin.access.roles.${role}`) }));
  const displayName = (member: Member) => member.name || member.email;
  const isBusy = (member: Member) => pendingChange?.userId === member.userId;

  const nameOf = (member: Member) => (
    <Group gap="xs" wrap="nowrap" component="span">
      <span>{displayName(member)}</span>
      {member.userId === currentUserId && (
        <Badge variant="light" size="sm" tt="none">
          {t('admin.access.you')}
        </Badge>
      )}
    </Group>
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
      size="lg"
      data-testid="member-role"
    />
  );

  const emptyText = t('common.table.empty', { entity: t('admin.access.entity') });

  if (isNarrow) {
    if (isLoading) {
      return (
        <Stack gap="sm" aria-busy>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={190} radius="md" />
          ))}
        </Stack>
      );
    }
    if (members.length === 0) {
      return (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed">
            {emptyText}
          </Text>
        </Paper>
      );
    }
    return (
      <Stack component="ul" gap="sm" className={classes.list} aria-label={t('admin.tabs.access')}>
        {members.map((member) => (
          <Paper component="li" key={member.userId} withBorder radius="md" p="md" data-testid="member-row" data-email={member.email}>
            <Stack gap="sm">
              <div>
                <Text fw={600} size="lg" component="div" style={{ overflowWrap: 'anywhere' }}>
                  {nameOf(member)}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Text>
              </div>
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <Box flex={1}>{roleSelect(member, true)}</Box>
                <ActionIcon
                  variant="light"
                  color="red"
                  size={50}
                  onClick={() => onRemove(member)}
                  disabled={isBusy(member)}
                  aria-label={t('admin.access.removeOf', { name: displayName(member) })}
                  title={t('admin.access.remove')}
                >
                  <IconTrash aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  let body;
  if (isLoading) {
    body = Array.from({ length: 3 }, (_, index) => (
      <Table.Tr key={index}>
        {Array.from({ length: 4 }, (_, cell) => (
          <Table.Td key={cell}>
            <Skeleton height={20} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (members.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={4}>
          <Text ta="center" c="dimmed" py="lg">
            {emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = members.map((member) => (
      <Table.Tr key={member.userId} data-testid="member-row" data-email={member.email}>
        <Table.Td fw={600}>{nameOf(member)}</Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
        <Table.Td w={220}>{roleSelect(member, false)}</Table.Td>
        <Table.Td w={72} ta="end">
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onRemove(member)}
            disabled={isBusy(member)}
            aria-label={t('admin.access.removeOf', { name: displayName(member) })}
            title={t('admin.access.remove')}
          >
            <IconTrash aria-hidden />
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <Table.ScrollContainer minWidth={640} type="native" mb={0}>
        <Table verticalSpacing="sm" aria-label={t('admin.tabs.access')} aria-busy={isLoading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.access.columns.name')}</Table.Th>
              <Table.Th>{t('admin.access.columns.email')}</Table.Th>
              <Table.Th>{t('admin.access.columns.role')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.access.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
