import { describe, expect, it } from 'vitest';
import { type Actor, can, canEver } from './permissions.ts';
import type { Role } from './roles.ts';

const actor = (role: Role, id = 10, companyId = 1): Actor => ({ id, role, companyId });
const now = new Date('2026-06-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('DECISIONS §1 permission table', () => {
  it('lets superadmin and managers add turbines, managers only to their own company', () => {
    expect(can(actor('superadmin'), 'turbine.create', { companyId: 7 })).toBe(true);
    expect(can(actor('admin'), 'turbine.create', { companyId: 1 })).toBe(true);
    expect(can(actor('company_manager'), 'turbine.create', { companyId: 1 })).toBe(true);
    expect(can(actor('admin'), 'turbine.create', { companyId: 2 })).toBe(false);
    for (const role of ['operator', 'customer', 'viewer'] as const)
      expect(can(actor(role), 'turbine.create', { companyId: 1 })).toBe(false);
  });

  it('keeps turbine edit, delete and company change to superadmin', () => {
    for (const action of ['turbine.update', 'turbine.delete', 'turbine.changeCompany'] as const) {
      expect(can(actor('superadmin'), action)).toBe(true);
      for (const role of ['admin', 'company_manager', 'operator', 'customer', 'viewer'] as const)
        expect(can(actor(role), action)).toBe(false);
    }
  });

  it('lets operators delete only their own uploads; customers and viewers never upload', () => {
    expect(can(actor('operator', 10), 'photo.delete', { ownerId: 10 })).toBe(true);
    expect(can(actor('operator', 10), 'photo.delete', { ownerId: 11 })).toBe(false);
    expect(can(actor('operator', 10), 'report.delete', { ownerId: null })).toBe(false);
    expect(can(actor('admin'), 'photo.delete', { ownerId: 99 })).toBe(true);
    expect(can(actor('customer'), 'photo.upload')).toBe(false);
    expect(can(actor('viewer'), 'report.upload')).toBe(false);
    expect(can(actor('operator'), 'photo.upload')).toBe(true);
  });

  it('gives authors 60 minutes on their own comments, superadmin any time, viewers nothing', () => {
    const own = { ownerId: 10, createdAt: minutesAgo(59) };
    expect(can(actor('customer', 10), 'comment.update', own, now)).toBe(true);
    expect(can(actor('customer', 10), 'comment.update', { ownerId: 10, createdAt: minutesAgo(61) }, now)).toBe(false);
    expect(can(actor('admin', 11), 'comment.delete', own, now)).toBe(false);
    expect(can(actor('superadmin', 1), 'comment.delete', { ownerId: 10, createdAt: minutesAgo(5000) }, now)).toBe(true);
    expect(can(actor('viewer', 10), 'comment.create')).toBe(false);
    expect(can(actor('viewer', 10), 'comment.update', own, now)).toBe(false);
  });

  it('limits managers on users: own company, never a superadmin or protected user, never self-delete, no company moves', () => {
    const m = actor('admin', 10, 1);
    const target = { companyId: 1, targetId: 20, targetRole: 'operator' as const, targetIsProtected: false };
    expect(can(m, 'user.update', { ...target, newCompanyId: 1, newRole: 'customer' })).toBe(true);
    expect(can(m, 'user.update', { ...target, newCompanyId: 2 })).toBe(false);
    expect(can(m, 'user.update', { ...target, newRole: 'superadmin' })).toBe(false);
    expect(can(m, 'user.update', { ...target, targetRole: 'superadmin' })).toBe(false);
    expect(can(m, 'user.changePassword', { ...target, targetIsProtected: true })).toBe(false);
    expect(can(m, 'user.delete', target)).toBe(true);
    expect(can(m, 'user.delete', { ...target, targetId: 10 })).toBe(false);
    expect(can(m, 'user.create')).toBe(false);
    expect(can(actor('superadmin', 1), 'user.delete', { ...target, targetId: 1 })).toBe(false);
    expect(can(actor('superadmin', 1), 'user.update', { ...target, targetIsProtected: true })).toBe(false);
  });

  it('shows partners to superadmin only and users to managers', () => {
    expect(canEver('superadmin', 'company.list')).toBe(true);
    expect(canEver('admin', 'company.list')).toBe(false);
    expect(canEver('company_manager', 'user.list')).toBe(true);
    expect(canEver('operator', 'user.list')).toBe(false);
    expect(can(null, 'turbine.read')).toBe(false);
  });
});

describe('self-edits', () => {
  it('never lets a manager change their own role', () => {
    const m = actor('admin', 10, 1);
    const self = { companyId: 1, targetId: 10, targetRole: 'admin' as const, targetIsProtected: false };
    expect(can(m, 'user.update', { ...self, newRole: 'admin', newCompanyId: 1 })).toBe(true);
    expect(can(m, 'user.update', { ...self, newRole: 'operator', newCompanyId: 1 })).toBe(false);
  });
});
