import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberListSchema, type Member } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import { isAccessLost, refreshAccess, refreshMembersAndAccess } from './admin-query-keys';
import { membersPath } from './get-members';

/** Takes the fleet away from a member; 409 LAST_ADMIN for the fleet's only admin. */
export function removeMember(fleet: string, userId: string): Promise<Member[]> {
  return apiRequest(`${membersPath(fleet)}/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: MemberListSchema });
}

export function useRemoveMember(fleet: string, currentUserId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(fleet, userId),
    onSuccess: (members, userId) => {
      queryClient.setQueryData(adminKeys.members(fleet), members);
      if (userId === currentUserId) return refreshAccess(queryClient, fleet);
    },
    onError: (error) => {
      if (isAccessLost(error)) return refreshMembersAndAccess(queryClient, fleet);
    },
  });
}
