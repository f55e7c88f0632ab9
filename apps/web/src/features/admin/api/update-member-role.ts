import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberListSchema, type Member, type MemberRole } from '@portal/domain/registry';
import type { FleetRole } from '@portal/domain/fleet';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import { isAccessLost, refreshAccess, refreshMembersAndAccess } from './admin-query-keys';
import { membersPath } from './get-members';

/** Changes a member's role; 409 LAST_ADMIN when it would leave the fleet without an admin. */
export function updateMemberRole(fleet: string, userId: string, role: FleetRole): Promise<Member[]> {
  return apiRequest(`${membersPath(fleet)}/${encodeURIComponent(userId)}`, { method: 'PUT', body: { role } satisfies MemberRole, schema: MemberListSchema });
}

export function useUpdateMemberRole(fleet: string, currentUserId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: FleetRole }) => updateMemberRole(fleet, userId, role),
    onSuccess: (members, { userId }) => {
      queryClient.setQueryData(adminKeys.members(fleet), members);
      if (userId === currentUserId) return refreshAccess(queryClient, fleet);
    },
    onError: (error) => {
      // 404 is the member gone or the caller no longer in the fleet, 403 the caller no longer admin: reload both.
      if (isAccessLost(error)) return refreshMembersAndAccess(queryClient, fleet);
    },
  });
}
