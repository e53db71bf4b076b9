/**
 * The Administration area's sections in the order the navigation lists them: the console's section table and the
 * e2e language walk both read them from here.
 */
export const adminSectionIds = [
  'team',
  'groups',
  'forms',
  'presets',
  'storage',
  'sso',
  'tenant',
  'activity',
  'dashboard',
  'tenants',
  'flags',
  'jobs',
] as const;

export type TAdminSectionId = (typeof adminSectionIds)[number];

/** Where a section lives: under /settings (spec: "/settings* Settings"), the dashboard at the spec's /admin. */
export function sectionPath(id: TAdminSectionId): string {
  return id === 'dashboard' ? '/admin' : `/settings/${id}`;
}
