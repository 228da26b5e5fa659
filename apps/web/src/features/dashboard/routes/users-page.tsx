/** Dashboard › Users (spec §2): search, role filter, the table, edit and delete. */
import {
  DASHBOARD,
  DELETE_CONFIRM_WORD,
  deleteConfirmRequired,
  formatDashboardDate,
  ROLE_LABELS,
  type PublicUser,
} from '@otaku/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Avatar, Badge } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useDeleteUser, useUsers, type UserFilter } from '../api/users';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { pageHeadingId, PageHeader } from '../components/dashboard-bits';
import { DataTable, type Column } from '../components/data-table';
import { ExportButton } from '../components/export-modal';
import { editAndDelete } from '../components/row-actions';
import { UserFilters } from '../components/user-filters';
import { deleteRefusal, UserEditModal } from '../components/user-edit-modal';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

const COLUMNS: Column<PublicUser>[] = [
  {
    header: 'User',
    cell: (u) => (
      <div className="flex items-center gap-2">
        <Avatar src={u.profilePic} alt="" />
        <span className="font-semibold">{u.username}</span>
      </div>
    ),
  },
  { header: 'Email', cell: (u) => u.email },
  {
    header: 'Role',
    cell: (u) => (
      <Badge tone={u.role === 'user' ? 'neutral' : u.role === 'admin' ? 'sakura' : 'ink'}>
        {ROLE_LABELS[u.role]}
      </Badge>
    ),
  },
  { header: 'Joined', whole: true, cell: (u) => formatDashboardDate(u.createdAt) },
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
      <DataTable
        labelledBy={pageHeadingId(TITLE)}
        filters={<UserFilters filter={filter} onLoad={setFilter} />}
        columns={COLUMNS}
        rows={rows}
        rowKey={(u) => u._id}
        actions={editAndDelete<PublicUser>((u) => u.username, setEditing, setDeleting)}
        loading={users.isPending || list.settling}
        error={users.isError ? errorMessage(users.error, DASHBOARD.fetchUsersFailed) : null}
        emptyText={DASHBOARD.noUsers}
        minWidth={720}
        pagination={{
          page: list.page,
          totalPages: list.totalPages,
          onPageChange: (page) => setFilter({ ...filter, page }),
        }}
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
            throw new Error(errorMessage(error, DASHBOARD.deleteError('user')), { cause: error });
          }
        }}
      />
    </div>
  );
}
