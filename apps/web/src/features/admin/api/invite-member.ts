import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberListSchema, type InviteMember, type Member } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import { isAccessLost, refreshAccess } from './admin-query-keys';
import { membersPath } from './get-members';

/** Grants the fleet to an email address (creating the account when needed) and emails an invitation. */
export function inviteMember(fleet: string, invitation: InviteMember): Promise<Member[]> {
  return apiRequest(membersPath(fleet), { method: 'POST', body: invitation, schema: MemberListSchema });
}

export function useInviteMember(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InviteMember) => inviteMember(fleet, invitation),
    onSuccess: (members) => queryClient.setQueryData(adminKeys.members(fleet), members),
    onError: (error) => {
      if (isAccessLost(error)) return refreshAccess(queryClient, fleet);
    },
  });
}
