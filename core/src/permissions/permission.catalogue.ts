/**
 * Every permission the product knows, grouped the way the group editor shows them. The order of groups and of
 * ids inside a group is the display order, so append new ids rather than sorting.
 */
export const permissionGroups = {
  general: [
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
  analytics: [
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
  userManagement: ['userManagement'],
  systemActivity: ['systemActivityDownload', 'systemActivityProcessor', 'systemActivityUpload'],
  item: [
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
  person: ['personCreate', 'personDelete', 'personUpdate', 'personMerge'],
  folder: ['folderCreate', 'folderDelete', 'folderUpdate'],
  share: ['shareMedia', 'requestUpload'],
  task: ['taskListAll'],
  allTenants: ['allTenantsBilling', 'allTenantsWrite', 'allTenantsTunnel'],
  contents: ['readAllContents', 'writeAllContents'],
  systemBookmarks: ['manageSystemBookmarks'],
  visibility: [
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
  tenant: ['tenantAdmin', 'tenantSupport', 'tenantManagement', 'tenantInfo'],
  comments: [
    'commentRead',
    'commentWrite',
    'commentStatus',
    'commentAssign',
    'commentResolve',
    'commentDeleteOwn',
    'commentDeleteOthers',
    // Set an item's approval status (approved, needs changes, in review). Not a default grant: admins pass.
    'approveItems',
  ],
  // Background Jobs (System overview): see and steer workflow runs. Tenant administrators pass without it.
  operations: ['backgroundJobs'],
} as const satisfies Record<string, readonly string[]>;

export type PermissionGroupId = keyof typeof permissionGroups;
export type Permission = (typeof permissionGroups)[PermissionGroupId][number];

export const permissionGroupIds = Object.keys(permissionGroups) as PermissionGroupId[];

/** All permissions in display order. */
export const allPermissions: readonly Permission[] = Object.values(permissionGroups).flat();

const permissionSet: ReadonlySet<string> = new Set(allPermissions);

/** Narrows strings from storage or requests; unknown ids (e.g. of a removed permission) are not permissions. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && permissionSet.has(value);
}
