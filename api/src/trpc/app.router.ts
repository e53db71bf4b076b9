import { getSsoSettingsProcedure } from './procedures/sso/get-sso-settings.procedure';
import { updateSsoSettingsProcedure } from './procedures/sso/update-sso-settings.procedure';
import { router } from './trpc';
import { archiveItemProcedure } from './procedures/archive/archive-item.procedure';
import { unarchiveItemProcedure } from './procedures/archive/unarchive-item.procedure';
import { restoreItemProcedure } from './procedures/archive/restore-item.procedure';
import { bulkArchiveProcedure } from './procedures/archive/bulk-archive.procedure';
import { archiveLocationsProcedure } from './procedures/archive/archive-locations.procedure';
import { bulkRestoreProcedure } from './procedures/archive/bulk-restore.procedure';
import { listLifecycleRulesProcedure } from './procedures/lifecycle-rules/list-lifecycle-rules.procedure';
import { createLifecycleRuleProcedure } from './procedures/lifecycle-rules/create-lifecycle-rule.procedure';
import { updateLifecycleRuleProcedure } from './procedures/lifecycle-rules/update-lifecycle-rule.procedure';
import { deleteLifecycleRuleProcedure } from './procedures/lifecycle-rules/delete-lifecycle-rule.procedure';
import { runLifecycleRuleProcedure } from './procedures/lifecycle-rules/run-lifecycle-rule.procedure';
import { sendToStorageProcedure } from './procedures/send-to-storage/send-to-storage.procedure';
import { sendToStorageLocationsProcedure } from './procedures/send-to-storage/send-to-storage-locations.procedure';
import { listSendToStorageProcedure } from './procedures/send-to-storage/list-send-to-storage.procedure';
import { browseFolderProcedure } from './procedures/browse/browse-folder.procedure';
import { exportMetadataProcedure } from './procedures/exports/export-metadata.procedure';
import { findOrganisationProcedure } from './procedures/auth/find-organisation.procedure';
import { lookupOrganisationsProcedure } from './procedures/auth/lookup-organisations.procedure';
import { loginProcedure } from './procedures/auth/login.procedure';
import { sessionProcedure } from './procedures/auth/session.procedure';
import { logoutProcedure } from './procedures/auth/logout.procedure';
import { requestPasswordResetProcedure } from './procedures/auth/request-password-reset.procedure';
import { verifyResetCodeProcedure } from './procedures/auth/verify-reset-code.procedure';
import { resetPasswordProcedure } from './procedures/auth/reset-password.procedure';
import { signInWithCodeProcedure } from './procedures/auth/sign-in-with-code.procedure';
import { changePasswordProcedure } from './procedures/auth/change-password.procedure';
import { updateProfileProcedure } from './procedures/profile/update-profile.procedure';
import { beginMfaEnrolmentProcedure } from './procedures/mfa/begin-mfa-enrolment.procedure';
import { confirmMfaEnrolmentProcedure } from './procedures/mfa/confirm-mfa-enrolment.procedure';
import { disableMfaProcedure } from './procedures/mfa/disable-mfa.procedure';
import { listApiKeysProcedure } from './procedures/api-keys/list-api-keys.procedure';
import { createApiKeyProcedure } from './procedures/api-keys/create-api-key.procedure';
import { setApiKeyActiveProcedure } from './procedures/api-keys/set-api-key-active.procedure';
import { deleteApiKeyProcedure } from './procedures/api-keys/delete-api-key.procedure';
import { listUsersProcedure } from './procedures/users/list-users.procedure';
import { createUserProcedure } from './procedures/users/create-user.procedure';
import { updateUserProcedure } from './procedures/users/update-user.procedure';
import { setUserActiveProcedure } from './procedures/users/set-user-active.procedure';
import { setUserHiddenProcedure } from './procedures/users/set-user-hidden.procedure';
import { logoutUserEverywhereProcedure } from './procedures/users/logout-user-everywhere.procedure';
import { deleteUserProcedure } from './procedures/users/delete-user.procedure';
import { listGroupsProcedure } from './procedures/groups/list-groups.procedure';
import { createGroupProcedure } from './procedures/groups/create-group.procedure';
import { renameGroupProcedure } from './procedures/groups/rename-group.procedure';
import { deleteGroupProcedure } from './procedures/groups/delete-group.procedure';
import { setGroupPermissionsProcedure } from './procedures/groups/set-group-permissions.procedure';
import { listSystemActivityProcedure } from './procedures/system-activity/list-system-activity.procedure';
import { getTenantConfigProcedure } from './procedures/tenant-config/get-tenant-config.procedure';
import { updateTenantConfigProcedure } from './procedures/tenant-config/update-tenant-config.procedure';
import { listTenantsProcedure } from './procedures/tenants/list-tenants.procedure';
import { createTenantProcedure } from './procedures/tenants/create-tenant.procedure';
import { setTenantActiveProcedure } from './procedures/tenants/set-tenant-active.procedure';
import { setTenantQuotaProcedure } from './procedures/tenants/set-tenant-quota.procedure';
import { getTenantStorageProcedure } from './procedures/tenants/get-tenant-storage.procedure';
import { listFeatureFlagsProcedure } from './procedures/feature-flags/list-feature-flags.procedure';
import { upsertFeatureFlagProcedure } from './procedures/feature-flags/upsert-feature-flag.procedure';
import { deleteFeatureFlagProcedure } from './procedures/feature-flags/delete-feature-flag.procedure';
import { listStoragesProcedure } from './procedures/storages/list-storages.procedure';
import { createStorageProcedure } from './procedures/storages/create-storage.procedure';
import { updateStorageProcedure } from './procedures/storages/update-storage.procedure';
import { deleteStorageProcedure } from './procedures/storages/delete-storage.procedure';
import { testStorageConnectionProcedure } from './procedures/storages/test-storage-connection.procedure';
import { startStorageScanProcedure } from './procedures/storage-scans/start-storage-scan.procedure';
import { listStorageScansProcedure } from './procedures/storage-scans/list-storage-scans.procedure';
import { listWatchFoldersProcedure } from './procedures/watch-folders/list-watch-folders.procedure';
import { createWatchFolderProcedure } from './procedures/watch-folders/create-watch-folder.procedure';
import { updateWatchFolderProcedure } from './procedures/watch-folders/update-watch-folder.procedure';
import { deleteWatchFolderProcedure } from './procedures/watch-folders/delete-watch-folder.procedure';
import { listReplicationsProcedure } from './procedures/replications/list-replications.procedure';
import { createReplicationProcedure } from './procedures/replications/create-replication.procedure';
import { updateReplicationProcedure } from './procedures/replications/update-replication.procedure';
import { deleteReplicationProcedure } from './procedures/replications/delete-replication.procedure';
import { folderTreeProcedure } from './procedures/folders/folder-tree.procedure';
import { getFolderProcedure } from './procedures/folders/get-folder.procedure';
import { createFolderProcedure } from './procedures/folders/create-folder.procedure';
import { renameFolderProcedure } from './procedures/folders/rename-folder.procedure';
import { moveFolderProcedure } from './procedures/folders/move-folder.procedure';
import { deleteFolderProcedure } from './procedures/folders/delete-folder.procedure';
import { setFolderAccessProcedure } from './procedures/folders/set-folder-access.procedure';
import { listItemsProcedure } from './procedures/items/list-items.procedure';
import { listDeletedItemsProcedure } from './procedures/items/list-deleted-items.procedure';
import { getItemProcedure } from './procedures/items/get-item.procedure';
import { updateItemProcedure } from './procedures/items/update-item.procedure';
import { setItemApprovalProcedure } from './procedures/items/set-item-approval.procedure';
import { moveItemsProcedure } from './procedures/items/move-items.procedure';
import { deleteItemsProcedure } from './procedures/items/delete-items.procedure';
import { restoreItemsProcedure } from './procedures/items/restore-items.procedure';
import { purgeItemsProcedure } from './procedures/items/purge-items.procedure';
import { itemHistoryProcedure } from './procedures/items/item-history.procedure';
import { listItemVersionsProcedure } from './procedures/items/list-item-versions.procedure';
import { promoteItemVersionProcedure } from './procedures/items/promote-item-version.procedure';
import { reprocessItemProcedure } from './procedures/items/reprocess-item.procedure';
import { cancelItemUploadProcedure } from './procedures/uploads/cancel-item-upload.procedure';
import { getUploadFolderProcedure } from './procedures/uploads/get-upload-folder.procedure';
import { setUploadFolderProcedure } from './procedures/uploads/set-upload-folder.procedure';
import { listMetadataFormsProcedure } from './procedures/metadata-forms/list-metadata-forms.procedure';
import { getMetadataFormProcedure } from './procedures/metadata-forms/get-metadata-form.procedure';
import { createMetadataFormProcedure } from './procedures/metadata-forms/create-metadata-form.procedure';
import { updateMetadataFormProcedure } from './procedures/metadata-forms/update-metadata-form.procedure';
import { setMetadataFormActiveProcedure } from './procedures/metadata-forms/set-metadata-form-active.procedure';
import { deleteMetadataFormProcedure } from './procedures/metadata-forms/delete-metadata-form.procedure';
import { listRenderPresetsProcedure } from './procedures/render-presets/list-render-presets.procedure';
import { startRenderProcedure } from './procedures/renders/start-render.procedure';
import { getRenderProcedure } from './procedures/renders/get-render.procedure';
import { cancelRenderProcedure } from './procedures/renders/cancel-render.procedure';
import { listSequenceRendersProcedure } from './procedures/renders/list-sequence-renders.procedure';
import { getRenderPresetProcedure } from './procedures/render-presets/get-render-preset.procedure';
import { createRenderPresetProcedure } from './procedures/render-presets/create-render-preset.procedure';
import { updateRenderPresetProcedure } from './procedures/render-presets/update-render-preset.procedure';
import { deleteRenderPresetProcedure } from './procedures/render-presets/delete-render-preset.procedure';
import { setDefaultRenderPresetProcedure } from './procedures/render-presets/set-default-render-preset.procedure';
import { setSubclipRenderPresetProcedure } from './procedures/render-presets/set-subclip-render-preset.procedure';
import { getHighresDeletionProcedure } from './procedures/highres-deletion/get-highres-deletion.procedure';
import { scheduleHighresDeletionProcedure } from './procedures/highres-deletion/schedule-highres-deletion.procedure';
import { unscheduleHighresDeletionProcedure } from './procedures/highres-deletion/unschedule-highres-deletion.procedure';
import { scheduleHighresDeletionsProcedure } from './procedures/highres-deletion/schedule-highres-deletions.procedure';
import { unscheduleHighresDeletionsProcedure } from './procedures/highres-deletion/unschedule-highres-deletions.procedure';
import { recordingSegmentsProcedure } from './procedures/live-sources/recording-segments.procedure';
import { renderLocationsProcedure } from './procedures/live-sources/render-locations.procedure';
import { startCrashRecordingProcedure } from './procedures/live-sources/start-crash-recording.procedure';
import { stopCrashRecordingProcedure } from './procedures/live-sources/stop-crash-recording.procedure';
import { switchCrashRecordingProcedure } from './procedures/live-sources/switch-crash-recording.procedure';
import { listLiveSourcesProcedure } from './procedures/live-sources/list-live-sources.procedure';
import { getLiveSourceProcedure } from './procedures/live-sources/get-live-source.procedure';
import { createLiveSourceProcedure } from './procedures/live-sources/create-live-source.procedure';
import { updateLiveSourceProcedure } from './procedures/live-sources/update-live-source.procedure';
import { deleteLiveSourceProcedure } from './procedures/live-sources/delete-live-source.procedure';
import { liveSourceStatusProcedure } from './procedures/live-sources/live-source-status.procedure';
import { openLivePreviewProcedure } from './procedures/live-sources/open-live-preview.procedure';
import { keepLivePreviewProcedure } from './procedures/live-sources/keep-live-preview.procedure';
import { getItemMetadataProcedure } from './procedures/items/get-item-metadata.procedure';
import { updateItemMetadataProcedure } from './procedures/items/update-item-metadata.procedure';
import { bulkUpdateItemMetadataProcedure } from './procedures/items/bulk-update-item-metadata.procedure';
import { searchItemsProcedure } from './procedures/search/search-items.procedure';
import { listBookmarksProcedure } from './procedures/bookmarks/list-bookmarks.procedure';
import { createBookmarkProcedure } from './procedures/bookmarks/create-bookmark.procedure';
import { updateBookmarkProcedure } from './procedures/bookmarks/update-bookmark.procedure';
import { deleteBookmarkProcedure } from './procedures/bookmarks/delete-bookmark.procedure';
import { itemUsageRulesProcedure } from './procedures/items/item-usage-rules.procedure';
import { exportMetadataCsvProcedure } from './procedures/items/export-metadata-csv.procedure';
import { importMetadataCsvProcedure } from './procedures/items/import-metadata-csv.procedure';
import { exportItemXmpProcedure } from './procedures/items/export-item-xmp.procedure';
import { importItemXmpProcedure } from './procedures/items/import-item-xmp.procedure';
import { listOperationsProcedure } from './procedures/operations/list-operations.procedure';
import { cancelOperationProcedure } from './procedures/operations/cancel-operation.procedure';
import { createShareProcedure } from './procedures/shares/create-share.procedure';
import { updateShareProcedure } from './procedures/shares/update-share.procedure';
import { revokeShareProcedure } from './procedures/shares/revoke-share.procedure';
import { listMySharesProcedure } from './procedures/shares/list-my-shares.procedure';
import { getShareProcedure } from './procedures/shares/get-share.procedure';
import { inviteShareProcedure } from './procedures/shares/invite-share.procedure';
import { shareEmailHistoryProcedure } from './procedures/shares/share-email-history.procedure';
import { shareLimitsProcedure } from './procedures/shares/share-limits.procedure';
import { listCommentsProcedure } from './procedures/comments/list-comments.procedure';
import { createCommentProcedure } from './procedures/comments/create-comment.procedure';
import { replyCommentProcedure } from './procedures/comments/reply-comment.procedure';
import { editCommentProcedure } from './procedures/comments/edit-comment.procedure';
import { setCommentResolvedProcedure } from './procedures/comments/set-comment-resolved.procedure';
import { assignCommentProcedure } from './procedures/comments/assign-comment.procedure';
import { deleteCommentProcedure } from './procedures/comments/delete-comment.procedure';
import { myTasksProcedure } from './procedures/comments/my-tasks.procedure';
import { allTasksProcedure } from './procedures/comments/all-tasks.procedure';
import { updateTaskProcedure } from './procedures/comments/update-task.procedure';
import { listAssigneesProcedure } from './procedures/comments/list-assignees.procedure';
import { listMentionTargetsProcedure } from './procedures/comments/list-mention-targets.procedure';
import { listNotificationsProcedure } from './procedures/notifications/list-notifications.procedure';
import { unreadNotificationCountProcedure } from './procedures/notifications/unread-notification-count.procedure';
import { markNotificationReadProcedure } from './procedures/notifications/mark-notification-read.procedure';
import { markAllNotificationsReadProcedure } from './procedures/notifications/mark-all-notifications-read.procedure';
import { notificationSettingsProcedure } from './procedures/notifications/notification-settings.procedure';
import { updateNotificationSettingsProcedure } from './procedures/notifications/update-notification-settings.procedure';
import { listLogEntriesProcedure } from './procedures/log-entries/list-log-entries.procedure';
import { createLogEntryProcedure } from './procedures/log-entries/create-log-entry.procedure';
import { updateLogEntryProcedure } from './procedures/log-entries/update-log-entry.procedure';
import { deleteLogEntryProcedure } from './procedures/log-entries/delete-log-entry.procedure';
import { listRelationsProcedure } from './procedures/relations/list-relations.procedure';
import { addRelationProcedure } from './procedures/relations/add-relation.procedure';
import { removeRelationProcedure } from './procedures/relations/remove-relation.procedure';
import { createSequenceProcedure } from './procedures/sequences/create-sequence.procedure';
import { getSequenceProcedure } from './procedures/sequences/get-sequence.procedure';
import { updateSequenceProcedure } from './procedures/sequences/update-sequence.procedure';
import { createVirtualClipProcedure } from './procedures/virtual-clips/create-virtual-clip.procedure';
import { exportSequenceProcedure } from './procedures/sequences/export-sequence.procedure';
import { importSequenceProcedure } from './procedures/sequences/import-sequence.procedure';

import { createUploadRequestProcedure } from './procedures/upload-requests/create-upload-request.procedure';
import { listMyUploadRequestsProcedure } from './procedures/upload-requests/list-my-upload-requests.procedure';
import { revokeUploadRequestProcedure } from './procedures/upload-requests/revoke-upload-request.procedure';
import { inviteUploadRequestProcedure } from './procedures/upload-requests/invite-upload-request.procedure';
import { uploadRequestEmailsProcedure } from './procedures/upload-requests/upload-request-emails.procedure';
import { listBackgroundJobsProcedure } from './procedures/background-jobs/list-background-jobs.procedure';
import { getBackgroundJobProcedure } from './procedures/background-jobs/get-background-job.procedure';
import { retryBackgroundJobProcedure } from './procedures/background-jobs/retry-background-job.procedure';
import { cancelBackgroundJobProcedure } from './procedures/background-jobs/cancel-background-job.procedure';
import { terminateBackgroundJobProcedure } from './procedures/background-jobs/terminate-background-job.procedure';
import { backgroundJobTypesProcedure } from './procedures/background-jobs/background-job-types.procedure';
/** The console's API: one procedure a file under procedures/, composed here. */
export const appRouter = router({
  archive: router({
    archive: archiveItemProcedure,
    unarchive: unarchiveItemProcedure,
    restore: restoreItemProcedure,
    bulk: bulkArchiveProcedure,
    locations: archiveLocationsProcedure,
    bulkRestore: bulkRestoreProcedure,
  }),
  sendToStorage: router({
    send: sendToStorageProcedure,
    locations: sendToStorageLocationsProcedure,
    list: listSendToStorageProcedure,
  }),
  sso: router({
    get: getSsoSettingsProcedure,
    update: updateSsoSettingsProcedure,
  }),
  auth: router({
    findOrganisation: findOrganisationProcedure,
    lookupOrganisations: lookupOrganisationsProcedure,
    login: loginProcedure,
    session: sessionProcedure,
    logout: logoutProcedure,
    requestPasswordReset: requestPasswordResetProcedure,
    verifyResetCode: verifyResetCodeProcedure,
    resetPassword: resetPasswordProcedure,
    signInWithCode: signInWithCodeProcedure,
    changePassword: changePasswordProcedure,
  }),
  profile: router({
    update: updateProfileProcedure,
  }),
  mfa: router({
    beginEnrolment: beginMfaEnrolmentProcedure,
    confirmEnrolment: confirmMfaEnrolmentProcedure,
    disable: disableMfaProcedure,
  }),
  apiKeys: router({
    list: listApiKeysProcedure,
    create: createApiKeyProcedure,
    setActive: setApiKeyActiveProcedure,
    delete: deleteApiKeyProcedure,
  }),
  users: router({
    list: listUsersProcedure,
    create: createUserProcedure,
    update: updateUserProcedure,
    setActive: setUserActiveProcedure,
    setHidden: setUserHiddenProcedure,
    logoutEverywhere: logoutUserEverywhereProcedure,
    delete: deleteUserProcedure,
  }),
  groups: router({
    list: listGroupsProcedure,
    create: createGroupProcedure,
    rename: renameGroupProcedure,
    delete: deleteGroupProcedure,
    setPermissions: setGroupPermissionsProcedure,
  }),
  systemActivity: router({
    list: listSystemActivityProcedure,
  }),
  tenantConfig: router({
    get: getTenantConfigProcedure,
    update: updateTenantConfigProcedure,
  }),
  tenants: router({
    list: listTenantsProcedure,
    create: createTenantProcedure,
    setActive: setTenantActiveProcedure,
    setQuota: setTenantQuotaProcedure,
    storage: getTenantStorageProcedure,
  }),
  featureFlags: router({
    list: listFeatureFlagsProcedure,
    upsert: upsertFeatureFlagProcedure,
    delete: deleteFeatureFlagProcedure,
  }),
  storages: router({
    list: listStoragesProcedure,
    create: createStorageProcedure,
    update: updateStorageProcedure,
    delete: deleteStorageProcedure,
    testConnection: testStorageConnectionProcedure,
  }),
  storageScans: router({
    start: startStorageScanProcedure,
    list: listStorageScansProcedure,
  }),
  watchFolders: router({
    list: listWatchFoldersProcedure,
    create: createWatchFolderProcedure,
    update: updateWatchFolderProcedure,
    delete: deleteWatchFolderProcedure,
  }),
  replications: router({
    list: listReplicationsProcedure,
    create: createReplicationProcedure,
    update: updateReplicationProcedure,
    delete: deleteReplicationProcedure,
  }),
  lifecycleRules: router({
    list: listLifecycleRulesProcedure,
    create: createLifecycleRuleProcedure,
    update: updateLifecycleRuleProcedure,
    delete: deleteLifecycleRuleProcedure,
    runNow: runLifecycleRuleProcedure,
  }),
  folders: router({
    tree: folderTreeProcedure,
    get: getFolderProcedure,
    create: createFolderProcedure,
    rename: renameFolderProcedure,
    move: moveFolderProcedure,
    delete: deleteFolderProcedure,
    setAccess: setFolderAccessProcedure,
  }),
  items: router({
    list: listItemsProcedure,
    listDeleted: listDeletedItemsProcedure,
    get: getItemProcedure,
    update: updateItemProcedure,
    setApproval: setItemApprovalProcedure,
    move: moveItemsProcedure,
    delete: deleteItemsProcedure,
    restore: restoreItemsProcedure,
    purge: purgeItemsProcedure,
    history: itemHistoryProcedure,
    versions: listItemVersionsProcedure,
    promoteVersion: promoteItemVersionProcedure,
    reprocess: reprocessItemProcedure,
    metadata: getItemMetadataProcedure,
    updateMetadata: updateItemMetadataProcedure,
    bulkUpdateMetadata: bulkUpdateItemMetadataProcedure,
    usageRules: itemUsageRulesProcedure,
    exportMetadataCsv: exportMetadataCsvProcedure,
    importMetadataCsv: importMetadataCsvProcedure,
    exportXmp: exportItemXmpProcedure,
    importXmp: importItemXmpProcedure,
  }),
  bookmarks: router({
    list: listBookmarksProcedure,
    create: createBookmarkProcedure,
    update: updateBookmarkProcedure,
    delete: deleteBookmarkProcedure,
  }),
  search: router({
    items: searchItemsProcedure,
  }),
  metadataForms: router({
    list: listMetadataFormsProcedure,
    get: getMetadataFormProcedure,
    create: createMetadataFormProcedure,
    update: updateMetadataFormProcedure,
    setActive: setMetadataFormActiveProcedure,
    delete: deleteMetadataFormProcedure,
  }),
  renderPresets: router({
    list: listRenderPresetsProcedure,
    get: getRenderPresetProcedure,
    create: createRenderPresetProcedure,
    update: updateRenderPresetProcedure,
    delete: deleteRenderPresetProcedure,
    setDefault: setDefaultRenderPresetProcedure,
    setSubclip: setSubclipRenderPresetProcedure,
  }),
  highresDeletion: router({
    get: getHighresDeletionProcedure,
    schedule: scheduleHighresDeletionProcedure,
    unschedule: unscheduleHighresDeletionProcedure,
    scheduleMany: scheduleHighresDeletionsProcedure,
    unscheduleMany: unscheduleHighresDeletionsProcedure,
  }),
  liveSources: router({
    list: listLiveSourcesProcedure,
    get: getLiveSourceProcedure,
    create: createLiveSourceProcedure,
    update: updateLiveSourceProcedure,
    delete: deleteLiveSourceProcedure,
    status: liveSourceStatusProcedure,
    startCrashRecording: startCrashRecordingProcedure,
    renderLocations: renderLocationsProcedure,
    stopCrashRecording: stopCrashRecordingProcedure,
    switchCrashRecording: switchCrashRecordingProcedure,
    recordingSegments: recordingSegmentsProcedure,
    openPreview: openLivePreviewProcedure,
    keepPreview: keepLivePreviewProcedure,
  }),
  renders: router({
    start: startRenderProcedure,
    get: getRenderProcedure,
    cancel: cancelRenderProcedure,
    listForSequence: listSequenceRendersProcedure,
  }),
  operations: router({
    list: listOperationsProcedure,
    cancel: cancelOperationProcedure,
  }),
  comments: router({
    list: listCommentsProcedure,
    create: createCommentProcedure,
    reply: replyCommentProcedure,
    edit: editCommentProcedure,
    setResolved: setCommentResolvedProcedure,
    assign: assignCommentProcedure,
    delete: deleteCommentProcedure,
    myTasks: myTasksProcedure,
    allTasks: allTasksProcedure,
    updateTask: updateTaskProcedure,
    assignees: listAssigneesProcedure,
    mentionTargets: listMentionTargetsProcedure,
  }),
  notifications: router({
    list: listNotificationsProcedure,
    unreadCount: unreadNotificationCountProcedure,
    markRead: markNotificationReadProcedure,
    markAllRead: markAllNotificationsReadProcedure,
    settings: notificationSettingsProcedure,
    updateSettings: updateNotificationSettingsProcedure,
  }),
  logEntries: router({
    list: listLogEntriesProcedure,
    create: createLogEntryProcedure,
    update: updateLogEntryProcedure,
    delete: deleteLogEntryProcedure,
  }),
  relations: router({
    list: listRelationsProcedure,
    add: addRelationProcedure,
    remove: removeRelationProcedure,
  }),
  sequences: router({
    create: createSequenceProcedure,
    get: getSequenceProcedure,
    update: updateSequenceProcedure,
    export: exportSequenceProcedure,
    import: importSequenceProcedure,
  }),
  virtualClips: router({
    create: createVirtualClipProcedure,
  }),
  shares: router({
    create: createShareProcedure,
    update: updateShareProcedure,
    revoke: revokeShareProcedure,
    listMine: listMySharesProcedure,
    get: getShareProcedure,
    invite: inviteShareProcedure,
    emailHistory: shareEmailHistoryProcedure,
    limits: shareLimitsProcedure,
  }),
  backgroundJobs: router({
    list: listBackgroundJobsProcedure,
    get: getBackgroundJobProcedure,
    retry: retryBackgroundJobProcedure,
    cancel: cancelBackgroundJobProcedure,
    terminate: terminateBackgroundJobProcedure,
    types: backgroundJobTypesProcedure,
  }),
  uploads: router({
    folder: getUploadFolderProcedure,
    setFolder: setUploadFolderProcedure,
    cancel: cancelItemUploadProcedure,
  }),
  uploadRequests: router({
    create: createUploadRequestProcedure,
    listMine: listMyUploadRequestsProcedure,
    revoke: revokeUploadRequestProcedure,
    invite: inviteUploadRequestProcedure,
    emails: uploadRequestEmailsProcedure,
  }),
  browse: router({
    folder: browseFolderProcedure,
  }),
  exports: router({
    metadata: exportMetadataProcedure,
  }),
});

export type AppRouter = typeof appRouter;
