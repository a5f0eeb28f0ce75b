import type { CallInput, CallOutput, GrantLevel, Subject } from '@cabdesk/contract';

export type RoleRow = CallOutput<'Permissions/GetTableSummary'>;

/** A row of the grid: a saved role, or a new one (negative id until it is saved). */
export interface DraftRole {
  id: number;
  name: string;
  userCount: number;
  grants: Record<string, GrantLevel>;
}

/** Edits not yet saved, by role id: the levels changed, and the name of a new role. */
export type Drafts = Record<number, Record<string, GrantLevel>>;

export const levels: readonly GrantLevel[] = ['none', 'read', 'manage'];

/** The next level, for a click or the space bar: none → read → manage → none. */
export const nextLevel = (level: GrantLevel): GrantLevel => levels[(levels.indexOf(level) + 1) % levels.length]!;

/** The grid's rows: saved roles with their edits laid over, then the new roles. */
export function rowsOf(saved: readonly RoleRow[], added: readonly DraftRole[], drafts: Drafts): DraftRole[] {
  return [...saved, ...added].map((role) => ({ ...role, grants: { ...role.grants, ...drafts[role.id] } }));
}

/** Sets one cell; an edit back to the saved level is no edit. */
export function withLevel(
  drafts: Drafts,
  saved: DraftRole | undefined,
  roleId: number,
  subject: Subject,
  level: GrantLevel,
): Drafts {
  const own = { ...drafts[roleId] };
  if (saved && saved.grants[subject] === level && roleId > 0) delete own[subject];
  else own[subject] = level;
  const next = { ...drafts };
  if (Object.keys(own).length || roleId < 0) next[roleId] = own;
  else delete next[roleId];
  return next;
}

/** The Assign call of a role to save: a new role by name, a saved one by id; every level is sent. */
export function assignInputOf(role: DraftRole): CallInput<'Permissions/Assign'> {
  return role.id > 0 ? { id: role.id, grants: role.grants } : { name: role.name, grants: role.grants };
}

/** Whether a cell differs from what is saved. */
export const isChanged = (drafts: Drafts, roleId: number, subject: string) =>
  roleId < 0 || drafts[roleId]?.[subject] !== undefined;
