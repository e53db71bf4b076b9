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
import { createCommentRepository } from './comment.repository';

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
    comments: createCommentRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

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
} from './item.repository';
export type { TMetadataFormRow, TMetadataFormInsert, TMetadataFormPatch } from './metadata-form.repository';
export type { TBookmarkRow, TBookmarkInsert, TBookmarkPatch } from './bookmark.repository';
export type {
  TCommentRow,
  TCommentInsert,
  TCommentPatch,
  TTaskQuery,
  TTaskRow,
  TTaskState,
} from './comment.repository';
export { itemSearchBindings, visibleItemsCondition } from './item-search.repository';
export type {
  TItemSearchRequest,
  TItemSearchResult,
  TItemSearchFilters,
  TItemSearchSort,
  TFacetCount,
} from './item-search.repository';
export type { TOperationRow, TOperationPatch } from './operation.repository';
export type { TStorageLocationRow, TStorageLocationInsert, TStorageLocationPatch } from './storage-location.repository';
export { storageTypes } from '../schema/storage-location.table';
export type {
  TStorageType,
  TStorageKind,
  TStoragePermissionMethod,
  TStorageLocationConfig,
} from '../schema/storage-location.table';
export { createWorkflowRepository, WORKFLOW_NOTIFY_CHANNEL } from './workflow.repository';
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
