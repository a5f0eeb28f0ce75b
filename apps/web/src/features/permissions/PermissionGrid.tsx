import { type GrantLevel, type Subject, subjectAreas } from '@cabdesk/contract';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './PermissionGrid.module.css';
import { type DraftRole, type Drafts, isChanged, nextLevel } from './drafts';

const areas = Object.entries(subjectAreas) as [string, readonly Subject[]][];
const columns: Subject[] = areas.flatMap(([, subjects]) => subjects);

/** Keys that set a level directly, as the legend under the grid says. */
const levelKeys: Record<string, GrantLevel> = {
  '0': 'none',
  n: 'none',
  Delete: 'none',
  Backspace: 'none',
  '1': 'read',
  r: 'read',
  '2': 'manage',
  m: 'manage',
};

const symbol: Record<GrantLevel, string> = { none: '—', read: '◐', manage: '●' };

interface Props {
  roles: readonly DraftRole[];
  drafts: Drafts;
  editable: boolean;
  onChange(roleId: number, subject: Subject, level: GrantLevel): void;
}

/**
 * Roles (rows) × subjects grouped by area (columns), one level per cell. Keyboard: one cell is in the
 * tab order (roving focus); arrows, Home and End move; a key sets the level; space or Enter steps to
 * the next level, as a click does.
 */
export function PermissionGrid({ roles, drafts, editable, onChange }: Props) {
  const { t } = useTranslation();
  const [at, setAt] = useState({ row: 0, col: 0 });
  const table = useRef<HTMLTableElement>(null);

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(roles.length - 1, row));
    const c = Math.max(0, Math.min(columns.length - 1, col));
    setAt({ row: r, col: c });
    table.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, row: number, col: number) => {
    const role = roles[row];
    const subject = columns[col];
    if (!role || !subject) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: [row, 0],
      End: [row, columns.length - 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(move[0], move[1]);
      return;
    }
    if (!editable) return;
    const level = levelKeys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (level) {
      event.preventDefault();
      onChange(role.id, subject, level);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChange(role.id, subject, nextLevel(role.grants[subject] ?? 'none'));
    }
  };

  return (
    <div className={classes.frame}>
      <table ref={table} role="grid" aria-label={t('permissions.gridLabel')} className={classes.grid}>
        <thead>
          <tr>
            <th rowSpan={2} scope="col" className={classes.roleHead}>
              {t('permissions.role')}
            </th>
            {areas.map(([area, subjects]) => (
              <th key={area} colSpan={subjects.length} scope="colgroup">
                {t(`permissions.areas.${area}`)}
              </th>
            ))}
          </tr>
          <tr>
            {columns.map((subject) => (
              <th key={subject} scope="col">
                {t(`permissions.subjects.${subject}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roles.map((role, row) => (
            <tr key={role.id}>
              <th scope="row" className={classes.roleHead}>
                {role.name}
                <div className={classes.none}>
                  {role.id < 0 ? t('permissions.notSaved') : t('permissions.users', { count: role.userCount })}
                </div>
              </th>
              {columns.map((subject, col) => {
                const level = role.grants[subject] ?? 'none';
                const changed = isChanged(drafts, role.id, subject);
                const words = t(`permissions.levels.${level}`);
                return (
                  <td
                    key={subject}
                    role="gridcell"
                    data-cell={`${row}:${col}`}
                    tabIndex={at.row === row && at.col === col ? 0 : -1}
                    aria-label={`${role.name}, ${t(`permissions.subjects.${subject}`)}: ${words}${changed ? `, ${t('permissions.changed')}` : ''}`}
                    aria-readonly={!editable}
                    className={[
                      classes.cell,
                      classes[level],
                      changed ? classes.changed : '',
                      editable ? '' : classes.readonly,
                    ].join(' ')}
                    onFocus={() => setAt({ row, col })}
                    onClick={() => editable && onChange(role.id, subject, nextLevel(level))}
                    onKeyDown={(e) => onKeyDown(e, row, col)}
                  >
                    <span aria-hidden="true">{symbol[level]} </span>
                    {words}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
