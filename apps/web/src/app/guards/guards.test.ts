import { describe, expect, it } from 'vitest';
import {
  adminOrManagerGuard,
  authGuard,
  companyMemberGuard,
  companyRedirect,
  homeRedirect,
  noAuthGuard,
  safeRedirectTarget,
  structuresIndexPath,
  superAdminGuard,
} from './guards.ts';

describe('guards', () => {
  it('auth sends a visitor without a token to /login with the way back', () => {
    expect(authGuard(false, { pathname: '/company/employees', search: '?page=2' })).toBe(
      '/login?redirect=%2Fcompany%2Femployees%3Fpage%3D2',
    );
    expect(authGuard(false, { pathname: '/' })).toBe('/login');
    expect(authGuard(true, { pathname: '/company/employees' })).toBeNull();
  });

  it('no-auth sends a logged-in person home', () => {
    expect(noAuthGuard(true)).toBe('/');
    expect(noAuthGuard(false)).toBeNull();
  });

  it('is-super-admin lets only the super admin in', () => {
    expect(superAdminGuard('SUPERADMIN')).toBeNull();
    for (const role of ['ADMIN', 'MANAGER', 'EMPLOYEE', null] as const)
      expect(superAdminGuard(role)).toBe('/');
  });

  it('is-admin-or-manager lets ADMIN and MANAGER in', () => {
    expect(adminOrManagerGuard('ADMIN')).toBeNull();
    expect(adminOrManagerGuard('MANAGER')).toBeNull();
    expect(adminOrManagerGuard('EMPLOYEE')).toBe('/');
    expect(adminOrManagerGuard('SUPERADMIN')).toBe('/');
    expect(adminOrManagerGuard(undefined)).toBe('/');
  });

  it('company pages for every member keep the super admin outside', () => {
    expect(companyMemberGuard('EMPLOYEE')).toBeNull();
    expect(companyMemberGuard('ADMIN')).toBeNull();
    expect(companyMemberGuard('SUPERADMIN')).toBe('/');
  });

  it('home sends each role to its start page; an employee stays on /', () => {
    expect(homeRedirect('SUPERADMIN')).toBe('/dashboard');
    expect(homeRedirect('ADMIN')).toBe('/company/dashboard');
    expect(homeRedirect('MANAGER')).toBe('/company/dashboard');
    expect(homeRedirect('EMPLOYEE')).toBeNull();
  });

  it('/company goes to the dashboard for admins and managers, else home', () => {
    expect(companyRedirect('ADMIN')).toBe('/company/dashboard');
    expect(companyRedirect('MANAGER')).toBe('/company/dashboard');
    expect(companyRedirect('EMPLOYEE')).toBe('/');
    expect(companyRedirect('SUPERADMIN')).toBe('/');
    expect(companyRedirect(null)).toBe('/');
  });

  it('/company/structures opens the first section the company shows', () => {
    expect(structuresIndexPath({ hideBranches: false, hideDepartments: false })).toBe(
      '/company/structures/branches',
    );
    expect(structuresIndexPath({ hideBranches: true, hideDepartments: false })).toBe(
      '/company/structures/departments',
    );
    expect(structuresIndexPath({ hideBranches: true, hideDepartments: true })).toBe(
      '/company/structures/positions',
    );
    expect(structuresIndexPath(undefined)).toBe('/company/structures/branches');
  });

  it('after login returns only to paths of this app', () => {
    expect(safeRedirectTarget('/company/employees?page=2')).toBe('/company/employees?page=2');
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/');
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/');
  });
});
