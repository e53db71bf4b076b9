import { sectionPath, type TAdminSectionId } from '@mam/core';

export { adminSectionIds, sectionPath, type TAdminSectionId } from '@mam/core';

/** What decides which Administration sections a user sees; the server enforces the same on every call. */
export interface TAdminAccess {
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** MFA enrolment is forced: nothing but the way to it is offered. */
  restricted: boolean;
  can: (permission: string) => boolean;
}

export type TAdminGroup =
  'organisation' | 'content' | 'storage' | 'live' | 'security' | 'tenant' | 'activity' | 'system';

export interface TAdminSection {
  id: TAdminSectionId;
  group: TAdminGroup;
  /** The test id the section's link carries (the tab ids of the pages this area replaced). */
  testId: string;
  allowed: (access: TAdminAccess) => boolean;
}

const manageUsers = (a: TAdminAccess) => a.isAdmin || a.can('userManagement');
const tenantAdmin = (a: TAdminAccess) => a.isAdmin;
const superAdmin = (a: TAdminAccess) => a.isSuperAdmin;
// Those who record see the sources to record from; only administrators change them.
const recorder = (a: TAdminAccess) => a.isAdmin || a.can('liveRecording');

/** In the order the navigation lists them, grouped by purpose. */
export const adminSections: readonly TAdminSection[] = [
  { id: 'team', group: 'organisation', testId: 'tab-team', allowed: manageUsers },
  { id: 'groups', group: 'organisation', testId: 'tab-groups', allowed: manageUsers },
  { id: 'forms', group: 'content', testId: 'tab-forms', allowed: tenantAdmin },
  { id: 'presets', group: 'content', testId: 'tab-presets', allowed: tenantAdmin },
  { id: 'storage', group: 'storage', testId: 'tab-storage', allowed: tenantAdmin },
  { id: 'live', group: 'live', testId: 'tab-live', allowed: recorder },
  { id: 'sso', group: 'security', testId: 'tab-sso', allowed: tenantAdmin },
  { id: 'tenant', group: 'tenant', testId: 'tab-tenant-config', allowed: tenantAdmin },
  { id: 'activity', group: 'activity', testId: 'tab-activity', allowed: manageUsers },
  { id: 'dashboard', group: 'system', testId: 'tab-dashboard', allowed: superAdmin },
  { id: 'tenants', group: 'system', testId: 'tab-tenants', allowed: superAdmin },
  { id: 'flags', group: 'system', testId: 'tab-flags', allowed: superAdmin },
  // Tenant administrators hold backgroundJobs and see their own tenant's jobs.
  { id: 'jobs', group: 'system', testId: 'tab-jobs', allowed: (a) => a.can('backgroundJobs') },
];

export function allowedSections(access: TAdminAccess): TAdminSection[] {
  if (access.restricted) return [];
  return adminSections.filter((section) => section.allowed(access));
}

/** The section a path shows, if it names one. */
export function sectionOfPath(pathname: string): TAdminSectionId | undefined {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'dashboard';
  if (pathname === '/dvr-settings') return 'live';
  const [, root, id] = pathname.split('/');
  if (root !== 'settings') return undefined;
  return adminSections.find((section) => section.id === id)?.id;
}

/**
 * The routes of the areas this one replaced: /my-organisation?tab=… (My Organization) and /system?tab=… (System
 * overview) lead to the matching section, or to the first one the user may open.
 */
export function legacyTarget(pathname: string, tab: string | null, access: TAdminAccess): string {
  const allowed = allowedSections(access);
  const wanted: TAdminSectionId | undefined =
    pathname === '/my-organisation'
      ? tab === 'groups' || tab === 'activity'
        ? tab
        : 'team'
      : pathname === '/system'
        ? tab === 'jobs' || tab === 'tenants' || tab === 'flags'
          ? tab
          : access.isSuperAdmin
            ? 'tenants'
            : 'jobs'
        : undefined;
  const target = allowed.find((section) => section.id === wanted) ?? allowed[0];
  return target ? sectionPath(target.id) : '/';
}
