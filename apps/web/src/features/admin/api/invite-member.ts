import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@portal/domain/constants';
import { InvitationResultSchema, type InvitationResult, type InviteMember } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import { isAccessLost, refreshAccess } from './admin-query-keys';
import { membersPath } from './get-members';

/** Grants the fleet to an email address (creating the account when needed) and mails a sign-in link. */
export function inviteMember(fleet: string, invitation: InviteMember): Promise<InvitationResult> {
  return apiRequest(membersPath(fleet), { method: 'POST', body: invitation, schema: InvitationResultSchema });
}

/** Mails a member who has not signed in yet a new invitation; 503 when the mail could not be sent. */
export function resendInvitation(fleet: string, userId: string, language: Locale): Promise<InvitationResult> {
  return apiRequest(`${membersPath(fleet)}/${encodeURIComponent(userId)}/invitation`, { method: 'POST', body: { language }, schema: InvitationResultSchema });
}

export function useInviteMember(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InviteMember) => inviteMember(fleet, invitation),
    onSuccess: ({ members }) => queryClient.setQueryData(adminKeys.members(fleet), members),
    onError: (error) => {
      if (isAccessLost(error)) return refreshAccess(queryClient, fleet);
    },
  });
}

export function useResendInvitation(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, language }: { userId: string; language: Locale }) => resendInvitation(fleet, userId, language),
    onSuccess: ({ members }) => queryClient.setQueryData(adminKeys.members(fleet), members),
    onError: (error) => {
      if (isAccessLost(error)) return refreshAccess(queryClient, fleet);
    },
  });
}
