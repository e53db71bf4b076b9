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
  'live',
  'sso',
  'tenant',
  'activity',
  'dashboard',
  'tenants',
  'flags',
  'jobs',
] as const;

export type TAdminSectionId = (typeof adminSectionIds)[number];

/**
 * Where a section lives: under /settings (spec: "/settings* Settings"), the dashboard at the spec's /admin and the
 * live sources at the spec's /dvr-settings.
 */
export function sectionPath(id: TAdminSectionId): string {
  if (id === 'dashboard') return '/admin';
  if (id === 'live') return '/dvr-settings';
  return `/settings/${id}`;
}
