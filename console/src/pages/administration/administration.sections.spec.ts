import {
  adminSectionIds,
  adminSections,
  allowedSections,
  legacyTarget,
  sectionOfPath,
  sectionPath,
  type TAdminAccess,
} from './administration.sections';

function access(overrides: Partial<TAdminAccess> & { permissions?: string[] } = {}): TAdminAccess {
  const permissions = new Set(overrides.permissions ?? []);
  const isSuperAdmin = overrides.isSuperAdmin ?? false;
  return {
    isAdmin: overrides.isAdmin ?? isSuperAdmin,
    isSuperAdmin,
    restricted: overrides.restricted ?? false,
    can: overrides.can ?? ((p) => isSuperAdmin || permissions.has(p)),
  };
}

const ids = (a: TAdminAccess) => allowedSections(a).map((s) => s.id);

describe('adminSections', () => {
  it('lists every section id once, in the order the e2e language walk visits them', () => {
    expect(adminSections.map((s) => s.id)).toEqual([...adminSectionIds]);
  });
});

describe('allowedSections', () => {
  it('shows an ordinary user nothing, so the navigation has no Administration entry', () => {
    expect(ids(access({ permissions: ['create', 'upload', 'shareMedia'] }))).toEqual([]);
  });

  it('shows a user who records crash recordings the live sources only', () => {
    expect(ids(access({ permissions: ['liveRecording'] }))).toEqual(['live']);
  });

  it('shows a user manager the organisation and its activity only', () => {
    expect(ids(access({ permissions: ['userManagement'] }))).toEqual(['team', 'groups', 'activity']);
  });

  it('shows a tenant administrator every tenant section and their background jobs, not the system ones', () => {
    expect(ids(access({ isAdmin: true, permissions: ['backgroundJobs', 'userManagement'] }))).toEqual([
      'team',
      'groups',
      'forms',
      'presets',
      'storage',
      'live',
      'sso',
      'tenant',
      'activity',
      'jobs',
    ]);
  });

  it('shows the super administrator everything', () => {
    expect(ids(access({ isSuperAdmin: true }))).toEqual([
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
    ]);
  });

  it('shows nothing while MFA enrolment is forced', () => {
    expect(ids(access({ isSuperAdmin: true, restricted: true }))).toEqual([]);
  });
});

describe('paths', () => {
  it.each([
    ['/settings/tenant', 'tenant'],
    ['/settings/forms', 'forms'],
    ['/settings/forms/edit/x', 'forms'],
    ['/admin', 'dashboard'],
    ['/dvr-settings', 'live'],
    ['/settings/nonsense', undefined],
    ['/settings', undefined],
    ['/folders', undefined],
  ])('%s shows %s', (path, id) => {
    expect(sectionOfPath(path)).toBe(id);
  });

  it('round-trips every section', () => {
    for (const section of allowedSections(access({ isSuperAdmin: true })))
      expect(sectionOfPath(sectionPath(section.id))).toBe(section.id);
  });
});

describe('legacyTarget', () => {
  const admin = access({ isAdmin: true, permissions: ['backgroundJobs', 'userManagement'] });
  it.each<[string, string | null, string]>([
    ['/my-organisation', null, '/settings/team'],
    ['/my-organisation', 'groups', '/settings/groups'],
    ['/my-organisation', 'activity', '/settings/activity'],
    ['/my-organisation', 'billing', '/settings/team'],
    ['/system', 'jobs', '/settings/jobs'],
    ['/system', null, '/settings/jobs'],
    ['/system', 'tenants', '/settings/team'],
  ])('%s?tab=%s leads a tenant administrator to %s', (path, tab, target) => {
    expect(legacyTarget(path, tab, admin)).toBe(target);
  });

  it('leads the super administrator from /system to tenants', () => {
    expect(legacyTarget('/system', null, access({ isSuperAdmin: true }))).toBe('/settings/tenants');
    expect(legacyTarget('/system', 'flags', access({ isSuperAdmin: true }))).toBe('/settings/flags');
  });

  it('leads someone without any section home', () => {
    expect(legacyTarget('/my-organisation', 'team', access())).toBe('/');
  });
});
