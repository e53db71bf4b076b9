/**
 * Every workflow of the product. The embedded runtime registers the functions exported here by name, and
 * Temporal's workers bundle this file (workflowsPath), so both run the same code.
 */
export { transcodeWorkflow } from './transcode/transcode.workflow';
export { taskReminderWorkflow } from './tasks/task-reminder.workflow';
export { highresDeletionWorkflow } from './highres/highres-deletion.workflow';
export { storageScanWorkflow } from './storage-scan/storage-scan.workflow';
export { watchFolderWorkflow } from './watch-folders/watch-folder.workflow';
export { crashRecordingWorkflow } from './live/crash-recording.workflow';
export { archiveWorkflow, restoreWorkflow, unarchiveWorkflow } from './archive/archive.workflow';
export { sendToStorageWorkflow } from './exports/send-to-storage.workflow';
export { centralRenderWorkflow } from './renders/central-render.workflow';
export { replicationWorkflow } from './replication/replication.workflow';
export { lifecycleRulesWorkflow } from './lifecycle/lifecycle-rules.workflow';
