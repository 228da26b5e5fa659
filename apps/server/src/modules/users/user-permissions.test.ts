import { DASHBOARD_RULES, PERMISSIONS, ROLES, ROLE_RANK, type Role } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { checkCanChangeRole, checkCanDelete, checkCanEdit } from './user-permissions';

const actor = (id: string, role: Role) => ({ id, role });

describe('checkCanEdit', () => {
  it('lets anyone edit themselves', () => {
    for (const role of ROLES) expect(checkCanEdit(actor('a', role), actor('a', role))).toBeNull();
  });

  it('refuses a plain user with the spec message', () => {
    expect(checkCanEdit(actor('a', 'user'), actor('b', 'user'))?.message).toBe(
      PERMISSIONS.noAuthorityToEditUsers,
    );
  });

  it('allows only a strictly lower rank, plus superAdmin on superAdmin', () => {
    for (const editor of ROLES.filter((r) => r !== 'user'))
      for (const target of ROLES) {
        const allowed =
          ROLE_RANK[editor] > ROLE_RANK[target] ||
          (editor === 'superAdmin' && target === 'superAdmin');
        const result = checkCanEdit(actor('a', editor), actor('b', target));
        expect(result === null, `${editor} editing ${target}`).toBe(allowed);
        if (!allowed) expect(result?.message).toBe(PERMISSIONS.noAuthorityToEditUser);
      }
  });
});

describe('checkCanChangeRole', () => {
  it('ignores a "change" to the same role', () => {
    expect(checkCanChangeRole(actor('a', 'admin'), actor('b', 'user'), 'user', 1)).toBeNull();
  });

  it('refuses an admin promoting anyone', () => {
    expect(checkCanChangeRole(actor('a', 'admin'), actor('b', 'user'), 'admin', 1)?.message).toBe(
      DASHBOARD_RULES.onlySuperAdminChangesRoles,
    );
  });

  it('refuses changing one’s own role', () => {
    expect(
      checkCanChangeRole(actor('a', 'superAdmin'), actor('a', 'superAdmin'), 'user', 2)?.message,
    ).toBe(DASHBOARD_RULES.cannotChangeOwnRole);
  });

  it('refuses demoting the last superAdmin', () => {
    const refusal = checkCanChangeRole(
      actor('a', 'superAdmin'),
      actor('b', 'superAdmin'),
      'admin',
      1,
    );
    expect(refusal).toEqual({ status: 409, message: DASHBOARD_RULES.lastSuperAdmin });
    expect(
      checkCanChangeRole(actor('a', 'superAdmin'), actor('b', 'superAdmin'), 'admin', 2),
    ).toBeNull();
  });

  it('never gives the superAdmin role, and takes it as no change for a superAdmin', () => {
    for (const editor of ROLES)
      for (const target of ['user', 'admin'] as const) {
        const refusal = checkCanChangeRole(actor('a', editor), actor('b', target), 'superAdmin', 1);
        expect(refusal?.status, `${editor} making a ${target} superAdmin`).toBe(403);
        if (editor === 'superAdmin')
          expect(refusal?.message).toBe(DASHBOARD_RULES.superAdminNotGiven);
      }
    expect(
      checkCanChangeRole(actor('a', 'superAdmin'), actor('b', 'superAdmin'), 'superAdmin', 2),
    ).toBeNull();
  });

  it('lets a superAdmin promote a user', () => {
    expect(checkCanChangeRole(actor('a', 'superAdmin'), actor('b', 'user'), 'admin', 1)).toBeNull();
  });
});

describe('checkCanDelete', () => {
  it('refuses deleting oneself', () => {
    for (const role of ROLES)
      expect(checkCanDelete(actor('a', role), actor('a', role), 2)?.message).toBe(
        PERMISSIONS.cannotDeleteSelf,
      );
  });

  it('allows only a strictly lower rank', () => {
    for (const editor of ROLES)
      for (const target of ROLES) {
        const result = checkCanDelete(actor('a', editor), actor('b', target), 2);
        expect(result === null, `${editor} deleting ${target}`).toBe(
          ROLE_RANK[editor] > ROLE_RANK[target],
        );
      }
  });
});
