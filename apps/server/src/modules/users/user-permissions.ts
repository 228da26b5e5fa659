/**
 * The rank rules of spec §6 as pure functions, so the server enforces them in one place and
 * the tests can walk every pair of roles. Each returns null when allowed, else the refusal.
 */
import { DASHBOARD_RULES, PERMISSIONS, ROLE_RANK, type Role } from '@otaku/shared';

export interface Actor {
  id: string;
  role: Role;
}

export interface Refusal {
  status: 403 | 409;
  message: string;
}

const refuse = (message: string, status: 403 | 409 = 403): Refusal => ({ status, message });

/**
 * Editing details: oneself always; otherwise only a strictly lower rank, except that a
 * superAdmin may edit another superAdmin's details (spec §6). A plain user edits nobody else.
 */
export function checkCanEdit(editor: Actor, target: Actor): Refusal | null {
  if (editor.id === target.id) return null;
  if (editor.role === 'user') return refuse(PERMISSIONS.noAuthorityToEditUsers);
  if (ROLE_RANK[editor.role] > ROLE_RANK[target.role]) return null;
  if (editor.role === 'superAdmin' && target.role === 'superAdmin') return null;
  return refuse(PERMISSIONS.noAuthorityToEditUser);
}

/**
 * A role change (asking for the role the target already has is not a change): only a
 * superAdmin, never on oneself, never to superAdmin (the dashboard offers User and Admin;
 * a superAdmin is made by the seed or at start, decision 093), and never leaving the shop
 * without a superAdmin.
 */
export function checkCanChangeRole(
  editor: Actor,
  target: Actor,
  newRole: Role,
  superAdminCount: number,
): Refusal | null {
  if (newRole === target.role) return null;
  if (editor.role !== 'superAdmin') return refuse(DASHBOARD_RULES.onlySuperAdminChangesRoles);
  if (newRole === 'superAdmin') return refuse(DASHBOARD_RULES.superAdminNotGiven);
  if (editor.id === target.id) return refuse(DASHBOARD_RULES.cannotChangeOwnRole);
  if (target.role === 'superAdmin' && superAdminCount <= 1)
    return refuse(DASHBOARD_RULES.lastSuperAdmin, 409);
  return null;
}

/** Deleting: never oneself, only a strictly lower rank, never the last superAdmin. */
export function checkCanDelete(
  editor: Actor,
  target: Actor,
  superAdminCount: number,
): Refusal | null {
  if (editor.id === target.id) return refuse(PERMISSIONS.cannotDeleteSelf);
  if (ROLE_RANK[editor.role] <= ROLE_RANK[target.role])
    return refuse(PERMISSIONS.noAuthorityToDeleteUser);
  if (target.role === 'superAdmin' && superAdminCount <= 1)
    return refuse(DASHBOARD_RULES.lastSuperAdmin, 409);
  return null;
}
