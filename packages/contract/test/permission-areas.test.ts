import { describe, expect, it } from 'vitest';
import { assignableSubjects, defaultStaffRoles, subjectAreas } from '../src';

describe('the permission grid', () => {
  it('shows every assignable subject in exactly one area', () => {
    const shown = Object.values(subjectAreas).flat();
    expect([...shown].sort()).toEqual([...assignableSubjects].sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('lets no starting role give its staff a subject of another kind of account', () => {
    for (const role of defaultStaffRoles) {
      expect(Object.keys(role.grants), role.name).not.toContain('DriverApp');
      expect(Object.keys(role.grants), role.name).not.toContain('ClientPortal');
    }
  });
});
