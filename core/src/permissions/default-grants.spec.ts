import { defaultGrants, isDefaultGrant } from './default-grants';
import { allPermissions, type Permission } from './permission.catalogue';

// Spelled out rather than derived from the catalogue groups, so the test catches a group edit.
const expectedDefaults: Permission[] = [
  'recoverDeleted',
  'update',
  'updateMetadata',
  'updateTranscript',
  'sendToStorage',
  'downloadMedia',
  'chooseUploadLocation',
  'history',
  'move',
  'commentRead',
  'commentWrite',
  'commentStatus',
  'commentDeleteOwn',
  'personCreate',
  'personDelete',
  'personUpdate',
  'personMerge',
  'folderCreate',
  'folderDelete',
  'folderUpdate',
  'systemActivityDownload',
  'systemActivityProcessor',
  'systemActivityUpload',
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
];

describe('defaultGrants', () => {
  it.each(expectedDefaults)('%s is granted by default', (permission) => {
    expect(isDefaultGrant(permission)).toBe(true);
  });

  it.each(allPermissions.filter((permission) => !expectedDefaults.includes(permission)))(
    '%s is not granted by default',
    (permission) => {
      expect(defaultGrants.has(permission)).toBe(false);
    },
  );

  it('has no extra entries', () => {
    expect(defaultGrants.size).toBe(expectedDefaults.length);
  });
});
