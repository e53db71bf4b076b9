import { createApiKeyService } from './api-key.service';
import { createAuditService } from './audit.service';
import { createAuthService } from './auth.service';
import { createBackgroundTasks } from './background-tasks';
import { createGroupService } from './group.service';
import { createMfaService } from './mfa.service';
import { createOneTimeCodeService } from './one-time-code.service';
import type { ServiceDeps } from './service-deps';
import { createSessionService } from './session.service';
import { createSsoService } from './sso.service';
import { createSystemAdminService } from './system-admin.service';
import { createFeatureGate } from './feature-gate';
import { createLibraryLayoutService } from './library-layout.service';
import { createTenantConfigService } from './tenant-config.service';
import { createUserAdminService } from './user-admin.service';
import { createStorageService } from './storage.service';
import { createFolderService } from './folder.service';
import { createItemLibraryService } from './items/item-library.service';
import { createUploadService } from './items/upload.service';
import { createUploadFolderService } from './items/upload-folder.service';
import { createProcessingService } from './items/processing.service';
import { createVersionService } from './items/version.service';
import { createMetadataFormService } from './metadata/metadata-form.service';
import { createRenderPresetService } from './renders/render-preset.service';
import { createLiveSourceService } from './live/live-source.service';
import { createCrashRecordingService } from './live/crash-recording.service';
import { createRecordingSegmentService } from './live/recording-segments.service';
import { createLiveSourceMonitor } from './live/live-source-monitor.service';
import { createLivePreviewService } from './live/live-preview.service';
import { createItemMetadataService } from './metadata/item-metadata.service';
import { createMetadataExchangeService } from './metadata/metadata-exchange.service';
import { createSearchService } from './search/search.service';
import { createBookmarkService } from './bookmark.service';
import { createCommentService } from './comment.service';
import { createTaskReminderService } from './task-reminder.service';
import { createNotificationService } from './notification.service';
import { createShareService } from './shares/share.service';
import { createSharePublicService } from './shares/share-public.service';
import { createUploadRequestService } from './shares/upload-request.service';
import { createPublicUploadRequestService } from './shares/public-upload-request.service';
import { createLogEntryService } from './logging/log-entry.service';
import { createItemRelationService } from './item-relation.service';
import { createBackgroundJobsService } from './workflows/background-jobs.service';
import { createSequenceService } from './sequences/sequence.service';
import { createVirtualClipService } from './sequences/virtual-clip.service';
import { createSequenceInterchangeService } from './sequences/sequence-interchange.service';
import { createHighresDeletionService } from './highres-deletion/highres-deletion.service';
import { createStorageScanService } from './storage-scan/storage-scan.service';
import { createWatchFolderService } from './watch-folders/watch-folder.service';
import { createReplicationService } from './replication/replication.service';
import { createArchiveService } from './archive/archive.service';
import { createSendToStorageService } from './send-to-storage/send-to-storage.service';
import { createCentralRenderService } from './renders/central-render.service';
import { createCentralRenderMergeService } from './renders/central-render-merge.service';
import { createLifecycleRuleService } from './lifecycle/lifecycle-rule.service';

/** Wires the domain services once per process. */
export function createServices(deps: ServiceDeps) {
  const audit = createAuditService(deps);
  const sessions = createSessionService(deps);
  const mfa = createMfaService(deps);
  const apiKeys = createApiKeyService(deps, audit);
  const background = createBackgroundTasks(deps.logger);
  const codes = createOneTimeCodeService(deps, sessions, audit, background);
  const folders = createFolderService(deps, audit);
  const storages = createStorageService(deps, audit);
  const metadataForms = createMetadataFormService(deps, audit);
  const itemMetadata = createItemMetadataService(deps, audit, metadataForms);
  const uploads = createUploadService(deps, audit, itemMetadata);
  const notifications = createNotificationService(deps);
  const processing = createProcessingService(deps, uploads, audit);
  const itemLibrary = createItemLibraryService(deps, audit, folders, storages, notifications);
  const tenantConfig = createTenantConfigService(deps, apiKeys, audit);
  const features = createFeatureGate(deps);
  const sequences = createSequenceService(deps, audit);
  const liveSources = createLiveSourceService(deps, audit);
  const search = createSearchService(deps, metadataForms);
  const renderPresets = createRenderPresetService(deps, audit, liveSources);
  const liveSourceMonitor = createLiveSourceMonitor(deps, liveSources);
  const crashRecordings = createCrashRecordingService(
    deps,
    audit,
    liveSources,
    liveSourceMonitor,
    tenantConfig,
    notifications,
    // Resolved when a recording starts, after the previews exist (they answer with recordings, so come second).
    (tenantId, sourceId) => livePreviews.release(tenantId, sourceId),
  );
  const livePreviews = createLivePreviewService(deps, liveSources, crashRecordings);
  const highresDeletions = createHighresDeletionService(deps, audit);
  const archive = createArchiveService(deps, audit, storages);
  return {
    deps,
    background,
    audit,
    sessions,
    mfa,
    apiKeys,
    codes,
    folders,
    auth: createAuthService(deps, sessions, mfa, audit, background),
    users: createUserAdminService(deps, sessions, apiKeys, codes, audit),
    groups: createGroupService(deps, apiKeys, audit),
    tenantConfig,
    system: createSystemAdminService(deps, apiKeys, audit),
    sso: createSsoService(deps, sessions, audit),
    storages,
    storageScans: createStorageScanService(deps, audit, storages, processing),
    watchFolders: createWatchFolderService(deps, audit, storages, processing),
    replications: createReplicationService(deps, audit),
    itemLibrary,
    uploads,
    uploadFolders: createUploadFolderService(deps, audit),
    versions: createVersionService(deps, audit),
    processing,
    backgroundJobs: createBackgroundJobsService(deps, processing, audit),
    metadataForms,
    itemMetadata,
    metadataExchange: createMetadataExchangeService(itemMetadata),
    features,
    libraryLayout: createLibraryLayoutService(deps, features, itemLibrary, itemMetadata, tenantConfig, search),
    search,
    bookmarks: createBookmarkService(deps, audit),
    comments: createCommentService(deps, audit, notifications, createTaskReminderService(deps)),
    notifications,
    shares: createShareService(deps, audit, folders),
    publicShares: createSharePublicService(deps, folders, metadataForms, itemMetadata, notifications, audit),
    uploadRequests: createUploadRequestService(deps, audit),
    publicUploadRequests: createPublicUploadRequestService(deps, uploads, metadataForms, notifications),
    logEntries: createLogEntryService(deps, audit, metadataForms),
    relations: createItemRelationService(deps, audit),
    renderPresets,
    liveSources,
    liveSourceMonitor,
    recordingSegments: createRecordingSegmentService(deps, storages),
    crashRecordings,
    livePreviews,
    centralRenders: createCentralRenderService(deps, audit, renderPresets),
    centralRenderMerge: createCentralRenderMergeService(deps, audit, storages, processing),
    virtualClips: createVirtualClipService(deps, audit),
    sequences,
    sequenceInterchange: createSequenceInterchangeService(deps, sequences),
    highresDeletions,
    archive,
    lifecycleRules: createLifecycleRuleService(deps, audit, storages, archive, highresDeletions, {
      intervalMs: deps.config.lifecycleIntervalMs,
    }),
    sendToStorage: createSendToStorageService(deps, tenantConfig),
  };
}

export type Services = ReturnType<typeof createServices>;
export type { ServiceDeps, RequestMeta } from './service-deps';
export type { AuthedActor } from './actor.service';
