/** The Users page's filter bar: a search by name or email and a role, applied on Load. */
import { ROLE_LABELS, SEARCH_MIN_LENGTH, VALIDATION, type UserRoleFilter } from '@otaku/shared';
import { useState } from 'react';
import { Button, FieldError, Input, Label } from '../../../components/ui';
import type { UserFilter } from '../api/users';
import { selectClasses } from './product-form-fields';

const ROLE_FILTERS: { value: UserRoleFilter; label: string }[] = [
  { value: 'all', label: 'All Users' },
  { value: 'user', label: 'Users' },
  { value: 'admin', label: ROLE_LABELS.admin },
  { value: 'superAdmin', label: ROLE_LABELS.superAdmin },
];

export function UserFilters({
  filter,
  onLoad,
}: {
  filter: UserFilter;
  onLoad: (filter: UserFilter) => void;
}) {
  const [draft, setDraft] = useState({ searchQuery: filter.searchQuery, role: filter.role });
  const [searchError, setSearchError] = useState<string | null>(null);
  return (
    <form
      aria-label="User filters"
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 md:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        const q = draft.searchQuery.trim();
        if (q && q.length < SEARCH_MIN_LENGTH) return setSearchError(VALIDATION.searchTooShort);
        setSearchError(null);
        onLoad({ page: 1, searchQuery: q, role: draft.role });
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
  );
}
