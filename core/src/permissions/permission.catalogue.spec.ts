import { allPermissions, isPermission, permissionGroupIds, permissionGroups } from './permission.catalogue';

// Written out independently of the catalogue so an accidental edit there fails here.
const contractGroups: Array<[string, string[]]> = [
  [
    'general',
    [
      'bookmarks',
      'playout',
      'playoutDebug',
      'setVisibleToSelf',
      'setVisibleToGroups',
      'bulkMetadataUpdate',
      'cutter',
      'apiKeys',
      'getGroups',
    ],
  ],
  [
    'analytics',
    [
      'transcoding',
      'transcription',
      'personDetection',
      'celebrityDetection',
      'labelDetection',
      'textDetection',
      'subclip',
      'translation',
      'sceneDetection',
    ],
  ],
  ['userManagement', ['userManagement']],
  ['systemActivity', ['systemActivityDownload', 'systemActivityProcessor', 'systemActivityUpload']],
  [
    'item',
    [
      'create',
      'upload',
      'delete',
      'update',
      'updateMetadata',
      'updateOwnMetadata',
      'copy',
      'archive',
      'unarchive',
      'move',
      'history',
      'version',
      'promote',
      'restoreMedia',
      'recoverDeleted',
      'downloadMedia',
      'downloadHighRes',
      'downloadSubtitle',
      'updateTranscript',
      'transcode',
      'reprocess',
      'sendToStorage',
      'exportSequence',
      'virtualClip',
      'placeholder',
      'liveRecording',
      'editRestrictions',
      'changeOwner',
      'chooseUploadLocation',
      'dependencies',
    ],
  ],
  ['person', ['personCreate', 'personDelete', 'personUpdate', 'personMerge']],
  ['folder', ['folderCreate', 'folderDelete', 'folderUpdate']],
  ['share', ['shareMedia', 'requestUpload']],
  ['task', ['taskListAll']],
  ['allTenants', ['allTenantsBilling', 'allTenantsWrite', 'allTenantsTunnel']],
  ['contents', ['readAllContents', 'writeAllContents']],
  ['systemBookmarks', ['manageSystemBookmarks']],
  [
    'visibility',
    [
      'tabMetadata',
      'tabLogging',
      'tabRelations',
      'tabComments',
      'tabHistory',
      'tabUsageRules',
      'tabAnalytics',
      'tabTranscript',
      'tabTranslation',
      'sidebarActivity',
      'sidebarBookmarks',
      'sidebarFilters',
      'sidebarFolders',
      'sidebarShares',
      'sidebarRecycleBin',
      'sidebarScheduler',
    ],
  ],
  ['tenant', ['tenantAdmin', 'tenantSupport', 'tenantManagement', 'tenantInfo']],
  [
    'comments',
    [
      'commentRead',
      'commentWrite',
      'commentStatus',
      'commentAssign',
      'commentResolve',
      'commentDeleteOwn',
      'commentDeleteOthers',
      'approveItems',
    ],
  ],
  ['operations', ['backgroundJobs']],
];

describe('permission catalogue', () => {
  it('lists the groups of the contract in order', () => {
    expect(permissionGroupIds).toEqual(contractGroups.map(([group]) => group));
  });

  it.each(contractGroups)('group %s holds exactly the contract permissions in order', (group, permissions) => {
    expect(permissionGroups[group as keyof typeof permissionGroups]).toEqual(permissions);
  });

  it('has no permission in two groups', () => {
    expect(new Set(allPermissions).size).toBe(allPermissions.length);
    expect(allPermissions).toHaveLength(contractGroups.flatMap(([, permissions]) => permissions).length);
  });

  it.each([
    ['create', true],
    ['tenantInfo', true],
    ['commentDeleteOthers', true],
    ['approveItems', true],
    ['Create', false],
    ['', false],
    ['toString', false],
    ['constructor', false],
    [42, false],
    [null, false],
    [undefined, false],
  ])('isPermission(%p) is %p', (value, expected) => {
    expect(isPermission(value)).toBe(expected);
  });
});
