import type { Database } from '../client/database';
import { createApiKeyRepository } from './api-key.repository';
import { createAuditEventRepository } from './audit-event.repository';
import { createAuthCodeRepository } from './auth-code.repository';
import { createFeatureFlagRepository } from './feature-flag.repository';
import { createFolderRepository } from './folder.repository';
import { createGroupRepository } from './group.repository';
import { createLoginThrottleRepository } from './login-throttle.repository';
import { createSessionRepository } from './session.repository';
import { createSsoProviderRepository } from './sso-provider.repository';
import { createTenantRepository } from './tenant.repository';
import { createUserRepository } from './user.repository';
import { createItemRepository } from './item.repository';
import { createOperationRepository } from './operation.repository';
import { createWorkflowRepository } from './workflow.repository';
import { createStorageLocationRepository } from './storage-location.repository';
import { createMetadataFormRepository } from './metadata-form.repository';
import { createBookmarkRepository } from './bookmark.repository';
import { createItemSearchRepository } from './item-search.repository';
import { createSearchWordRepository } from './search-word.repository';
import { createCommentRepository } from './comment.repository';
export type { TShareRow, TShareInsert, TSharePatch, TShareVisitRow, TShareEmailRow } from './share.repository';
export type { TShareType, TShareMetadataAccess } from '../schema/share.table';
import { createShareRepository } from './share.repository';
import { createNotificationRepository } from './notification.repository';
import { createLogEntryRepository } from './log-entry.repository';
import { createItemRelationRepository } from './item-relation.repository';
import { createUploadRequestRepository } from './upload-request.repository';
import { createRenderPresetRepository } from './render-preset.repository';
import { createLiveSourceRepository } from './live-source.repository';
import { createSequenceClipRepository } from './sequence-clip.repository';
import { createVirtualClipRepository } from './virtual-clip.repository';
import { createHighresDeletionRepository } from './highres-deletion.repository';
import { createStorageScanRepository } from './storage-scan.repository';
import { createWatchFolderRepository } from './watch-folder.repository';
import { createReplicationRepository } from './replication.repository';
import { createRenderRepository } from './render.repository';
import { createLifecycleRuleRepository } from './lifecycle-rule.repository';
import { createArchiveUploadRepository } from './archive-upload.repository';

export function createRepositories(db: Database) {
  return {
    tenants: createTenantRepository(db),
    users: createUserRepository(db),
    groups: createGroupRepository(db),
    sessions: createSessionRepository(db),
    apiKeys: createApiKeyRepository(db),
    authCodes: createAuthCodeRepository(db),
    featureFlags: createFeatureFlagRepository(db),
    auditEvents: createAuditEventRepository(db),
    folders: createFolderRepository(db),
    ssoProviders: createSsoProviderRepository(db),
    loginThrottle: createLoginThrottleRepository(db),
    items: createItemRepository(db),
    operations: createOperationRepository(db),
    workflows: createWorkflowRepository(db),
    storageLocations: createStorageLocationRepository(db),
    metadataForms: createMetadataFormRepository(db),
    bookmarks: createBookmarkRepository(db),
    itemSearch: createItemSearchRepository(db),
    searchWords: createSearchWordRepository(db),
    comments: createCommentRepository(db),
    shares: createShareRepository(db),
    notifications: createNotificationRepository(db),
    logEntries: createLogEntryRepository(db),
    itemRelations: createItemRelationRepository(db),
    uploadRequests: createUploadRequestRepository(db),
    renderPresets: createRenderPresetRepository(db),
    liveSources: createLiveSourceRepository(db),
    sequenceClips: createSequenceClipRepository(db),
    virtualClips: createVirtualClipRepository(db),
    highresDeletions: createHighresDeletionRepository(db),
    storageScans: createStorageScanRepository(db),
    watchFolders: createWatchFolderRepository(db),
    replications: createReplicationRepository(db),
    renders: createRenderRepository(db),
    lifecycleRules: createLifecycleRuleRepository(db),
    archiveUploads: createArchiveUploadRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one transaction with repositories bound to it, so a change and its audit event are stored together
 * or not at all. PGlite has one connection: until `work` ends, query only through `repos`, or it waits forever.
 */
export function inTransaction<T>(db: Database, work: (repos: Repositories) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(createRepositories(tx as unknown as Database)));
}

export type { TRenderRow, TRenderInsert, TRenderPatch, TRenderState } from './render.repository';
export type { TApiKeyRow } from './api-key.repository';
export type { TAuditEventRow } from './audit-event.repository';
export type { TAuthCodeRow } from './auth-code.repository';
export type { TFeatureFlag } from './feature-flag.repository';
export type { TFolderRow } from './folder.repository';
export type { TGroupRow } from './group.repository';
export type { TSessionRow } from './session.repository';
export type { TSsoProviderRow } from './sso-provider.repository';
export type { TTenantRow } from './tenant.repository';
export type { TUserRow, TUserWithGroups } from './user.repository';
export type {
  TItemRow,
  TItemVersionRow,
  TItemWithVersion,
  TItemPatch,
  TItemVersionPatch,
  TFieldValueInsert,
  TMetadataWrite,
} from './item.repository';
export type { TMetadataFormRow, TMetadataFormInsert, TMetadataFormPatch } from './metadata-form.repository';
export type { TRenderPresetRow, TRenderPresetInsert, TRenderPresetPatch } from './render-preset.repository';
export type { TBookmarkRow, TBookmarkInsert, TBookmarkPatch } from './bookmark.repository';
export type {
  TCommentRow,
  TCommentInsert,
  TCommentPatch,
  TTaskQuery,
  TTaskRow,
  TTaskState,
} from './comment.repository';
export type { TLogEntryRow, TLogEntryInsert, TLogEntryPatch } from './log-entry.repository';
export type { TItemRelationRow } from './item-relation.repository';
export type { TSequenceClipRow, TSequenceClipWrite } from './sequence-clip.repository';
export type { TVirtualClipRow } from './virtual-clip.repository';
export type { THighresDeletionRow } from './highres-deletion.repository';
export type { TArchiveUploadRow, TArchiveUploadTarget } from './archive-upload.repository';
export type { TArchiveUploadPart } from '../schema/archive-upload.table';
export { highresDeletionStates, type THighresDeletionState } from '../schema/highres-deletion.table';
export { logEntrySearchBindings } from './log-entry-search';
export type { TLogEntryMatch } from './log-entry-search';
export type { TUploadRequestFileRow } from './upload-request.repository';
export { itemRelationKinds } from '../schema/item-relation.table';
export type { TItemRelationKind } from '../schema/item-relation.table';
export { NOTIFICATION_NOTIFY_CHANNEL } from './notification.repository';
export type {
  TNotificationRow,
  TNotificationInsert,
  TNotificationState,
  TNotificationWithItem,
  TNotificationQuery,
} from './notification.repository';
export { itemSearchBindings, visibleItemsCondition } from './item-search.repository';
export type {
  TItemSearchRequest,
  TItemSearchCounts,
  TItemSearchResult,
  TItemSearchFilters,
  TItemSearchSort,
  TSearchSplit,
  TFacetCount,
  TFoundPage,
  TListedItem,
} from './item-search.repository';
export type { TStorageScanRow, TStorageScanInsert, TScanFileKey } from './storage-scan.repository';
export type {
  TWatchFolderRow,
  TWatchFolderInsert,
  TWatchFolderPatch,
  TWatchFolderFileKey,
} from './watch-folder.repository';
export type {
  TReplicationSettingRow,
  TReplicationSettingInsert,
  TReplicationSettingPatch,
  TReplicationObjectRow,
  TReplicationCandidate,
  TReplicationOutcome,
} from './replication.repository';
export type { TOperationRow, TOperationPatch } from './operation.repository';
export type { TStorageLocationRow, TStorageLocationInsert, TStorageLocationPatch } from './storage-location.repository';
export { storageTypes } from '../schema/storage-location.table';
export type {
  TStorageType,
  TStorageKind,
  TStoragePermissionMethod,
  TStorageLocationConfig,
} from '../schema/storage-location.table';
export { createWorkflowRepository, fairnessKeyOf, WORKFLOW_NOTIFY_CHANNEL } from './workflow.repository';
export { createWorkflowMetricsRepository, type WorkflowMetricsRepository } from './workflow-metrics.repository';
export type {
  WorkflowRepository,
  TWorkflowExecutionRow,
  TWorkflowEventRow,
  TActivityTaskRow,
  TActivityTaskOptions,
  TNewWorkflowEvent,
  TWorkflowActivation,
  TWorkflowEventKind,
  TWorkflowStatus,
  TTaskExpiry,
  TFinalFailureReason,
} from './workflow.repository';
export type { TLiveSourceRow, TLiveSourceInsert, TLiveSourceConflict } from './live-source.repository';
export type {
  TLifecycleRuleRow,
  TLifecycleRuleValues,
  TLifecycleCandidateRow,
  TLifecycleCandidateQuery,
} from './lifecycle-rule.repository';
