import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@portal/domain/registry';
import type { FleetRole } from '@portal/domain/fleet';
import type { Locale } from '@portal/domain/constants';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, isAccessLost, refreshAccess } from './admin-query-keys';
import { MemberListSchema, membersPath } from './get-members';

export type Invitation = { email: string; role: FleetRole; language: Locale };

/** Grants the fleet to an email address (creating the account when needed) and emails an invitation. */
export function inviteMember(fleet: string, invitation: Invitation): Promise<Member[]> {
  return apiRequest(membersPath(fleet), { method: 'POST', body: invitation, schema: MemberListSchema });
}

export function useInviteMember(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) => inviteMember(fleet, invitation),
    onSuccess: (members) => queryClient.setQueryData(adminKeys.members(fleet), members),
    onError: (error) => {
      if (isAccessLost(error)) return refreshAccess(queryClient, fleet);
    },
  });
}
