import { describe, expect, it } from 'vitest';
import { pageAccess, type GuardedPage } from '../../config/access.ts';
import { paths } from '../../config/paths.ts';
import {
  authGuard,
  companyRedirect,
  homeRedirect,
  noAuthGuard,
  pageGuard,
  safeRedirectTarget,
  structuresIndexPath,
} from './guards.ts';

const ADMIN_ONLY = { denied: 'Эта страница доступна только администратору компании' };
const allPages = Object.keys(pageAccess) as GuardedPage[];
const superAdminPages = allPages.filter((page) => !page.startsWith('/company/'));
const companyPages = allPages.filter((page) => page.startsWith('/company/'));
const adminOnlyPages: GuardedPage[] = [
  paths.company.profile.organization,
  paths.company.profile.apikey,
  paths.company.profile.kiosks,
  paths.company.plan,
];

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

  it('the super admin opens only their own pages; company pages send them home', () => {
    for (const page of superAdminPages) expect(pageGuard('SUPERADMIN', page)).toBeNull();
    for (const page of companyPages) expect(pageGuard('SUPERADMIN', page)).toBe('/');
  });

  it('a company admin (and the super admin who entered the company as one) opens every company page', () => {
    for (const page of companyPages) expect(pageGuard('ADMIN', page)).toBeNull();
    for (const page of superAdminPages) expect(pageGuard('ADMIN', page)).toBe('/');
  });

  it('a manager opens the company pages but API keys, the organization and billing, which say why', () => {
    for (const page of companyPages)
      expect(pageGuard('MANAGER', page)).toEqual(adminOnlyPages.includes(page) ? ADMIN_ONLY : null);
    expect(pageGuard('MANAGER', paths.company.plan)).toEqual(ADMIN_ONLY);
    expect(pageGuard('MANAGER', paths.company.profile.notification)).toBeNull();
    for (const page of superAdminPages) expect(pageGuard('MANAGER', page)).toBe('/');
  });

  it('an employee has no company pages, the plan included: home, where their things are', () => {
    for (const page of allPages) expect(pageGuard('EMPLOYEE', page)).toBe('/');
    expect(pageGuard('EMPLOYEE', paths.company.plan)).toBe('/');
  });

  it('without a known role nothing opens', () => {
    for (const page of allPages) {
      expect(pageGuard(null, page)).toBe('/');
      expect(pageGuard(undefined, page)).toBe('/');
    }
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
