import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberListSchema, type Member } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

export function membersPath(fleet: string): string {
  return `/api/admin/${encodeURIComponent(fleet)}/members`;
}

/** Who may open the fleet, with their roles. */
export function getMembers(fleet: string, { signal }: { signal?: AbortSignal } = {}): Promise<Member[]> {
  return apiRequest(membersPath(fleet), { schema: MemberListSchema, signal });
}

export const getMembersQueryOptions = (fleet: string) =>
  queryOptions({
    queryKey: adminKeys.members(fleet),
    queryFn: ({ signal }) => getMembers(fleet, { signal }),
  });

export function useMembers(fleet: string) {
  return useQuery(getMembersQueryOptions(fleet));
}
