/**
 * The dashboard's user calls: search and role filter, edit (multipart) and delete, and the code
 * that one's own new email needs (decision 136).
 */
import { routes, type EmailChangeCodeRequest, type UserRoleFilter } from '@otaku/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { getSession, setSession, useSession } from '../../../lib/session';

export interface UserFilter {
  page: number;
  searchQuery: string;
  role: UserRoleFilter;
}

export const userKeys = {
  all: ['dashboard', 'users'] as const,
  list: (filter: UserFilter) => [...userKeys.all, filter] as const,
};

export function useUsers(filter: UserFilter) {
  const { user } = useSession();
  return useQuery({
    queryKey: userKeys.list(filter),
    queryFn: () =>
      call(routes.users.list, {
        query: {
          viewerEmail: user?.email,
          currPage: filter.page,
          searchQuery: filter.searchQuery,
          role: filter.role,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: FormData }) =>
      call(routes.users.update, { params: { id }, body: form }),
    onSuccess: async ({ user }) => {
      // Editing oneself updates the stored user (spec §7: the profile picture at least).
      const session = getSession();
      if (session.user && session.user._id === user._id)
        setSession({ ...session.user, ...user }, session.token);
      await client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** Mails a code to the address the signed-in account wants to move to. */
export function useSendEmailCode() {
  return useMutation({
    mutationFn: (body: EmailChangeCodeRequest) => call(routes.users.sendEmailCode, { body }),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (id: string) =>
      call(routes.users.remove, { params: { id }, body: { editorEmail: user?.email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
