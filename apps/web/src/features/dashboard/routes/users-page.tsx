/** Dashboard › Users (spec §2): search, role filter, the table, edit and delete. */
import {
  DASHBOARD,
  DELETE_CONFIRM_WORD,
  deleteConfirmRequired,
  formatDashboardDate,
  ROLE_LABELS,
  SEARCH_MIN_LENGTH,
  VALIDATION,
  type PublicUser,
  type UserRoleFilter,
} from '@otaku/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  Avatar,
  Badge,
  Button,
  FieldError,
  Input,
  Label,
  Pagination,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useDeleteUser, useUsers, type UserFilter } from '../api/users';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import {
  pageHeadingId,
  PageHeader,
  TableState,
  tableWrap,
  td,
  tdWhole,
  th,
} from '../components/dashboard-bits';
import { ExportButton } from '../components/export-modal';
import { selectClasses } from '../components/product-form-fields';
import { deleteRefusal, UserEditModal } from '../components/user-edit-modal';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

const ROLE_FILTERS: { value: UserRoleFilter; label: string }[] = [
  { value: 'all', label: 'All Users' },
  { value: 'user', label: 'Users' },
  { value: 'admin', label: 'Admin' },
  { value: 'superAdmin', label: 'Super Admin' },
];

/** The page's heading, which also names its table. */
const TITLE = 'Users';

export function UsersPage() {
  const { user: viewer } = useSession();
  const filterState = useDashboardState<UserFilter>('users', {
    page: 1,
    searchQuery: '',
    role: 'all',
  });
  const [filter, setFilter] = filterState;
  const [draft, setDraft] = useState({ searchQuery: filter.searchQuery, role: filter.role });
  const [searchError, setSearchError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const users = useUsers(filter);
  const remove = useDeleteUser();
  const rows = users.data?.requiredUsers ?? [];
  const list = usePageInRange(filterState, users, rows.length);
  if (!viewer) return null;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={TITLE} actions={<ExportButton type="users" />} />
      <form
        aria-label="User filters"
        className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 md:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const q = draft.searchQuery.trim();
          if (q && q.length < SEARCH_MIN_LENGTH) return setSearchError(VALIDATION.searchTooShort);
          setSearchError(null);
          setFilter({ page: 1, searchQuery: q, role: draft.role });
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="user-search">Search by name or email</Label>
          <Input
            id="user-search"
            type="search"
            value={draft.searchQuery}
            onChange={(e) => setDraft({ ...draft, searchQuery: e.target.value })}
          />
          {searchError ? <FieldError>{searchError}</FieldError> : null}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="user-role-filter">Role</Label>
          <select
            id="user-role-filter"
            className={selectClasses}
            value={draft.role}
            onChange={(e) => setDraft({ ...draft, role: e.target.value as UserRoleFilter })}
          >
            {ROLE_FILTERS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Load Users
          </Button>
        </div>
      </form>
      <div className={tableWrap}>
        <table className="w-full min-w-[720px]" aria-labelledby={pageHeadingId(TITLE)}>
          <thead className="bg-ink-50">
            <tr>
              {['Actions', 'User', 'Email', 'Role', 'Joined'].map((h) => (
                <th key={h} className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            <TableState
              columns={5}
              loading={users.isPending || list.settling}
              error={users.isError ? errorMessage(users.error, DASHBOARD.fetchUsersFailed) : null}
              empty={rows.length === 0}
              emptyText={DASHBOARD.noUsers}
            />
            {rows.map((u) => (
              <tr key={u._id}>
                <td className={td}>
                  <div className="flex gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Edit ${u.username}`}
                      onClick={() => setEditing(u)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete ${u.username}`}
                      onClick={() => setDeleting(u)}
                    >
                      <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                    </Button>
                  </div>
                </td>
                <td className={td}>
                  <div className="flex items-center gap-2">
                    <Avatar src={u.profilePic} alt="" />
                    <span className="font-semibold">{u.username}</span>
                  </div>
                </td>
                <td className={td}>{u.email}</td>
                <td className={td}>
                  <Badge
                    tone={u.role === 'user' ? 'neutral' : u.role === 'admin' ? 'sakura' : 'ink'}
                  >
                    {ROLE_LABELS[u.role]}
                  </Badge>
                </td>
                <td className={tdWhole}>{formatDashboardDate(u.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        onPageChange={(page) => setFilter({ ...filter, page })}
      />
      <UserEditModal
        key={editing?._id ?? 'none'}
        viewer={viewer}
        target={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.username ?? 'user'}`}
        expected={DELETE_CONFIRM_WORD}
        label={`Type ${DELETE_CONFIRM_WORD} to delete this user`}
        blockedReason={deleting ? deleteRefusal(viewer, deleting) : null}
        check={(typed) => (typed === DELETE_CONFIRM_WORD ? null : deleteConfirmRequired('user'))}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!._id);
            toast.success(DASHBOARD.userDeleted);
          } catch (error) {
            throw new Error(errorMessage(error, DASHBOARD.deleteError('user')));
          }
        }}
      />
    </div>
  );
}
