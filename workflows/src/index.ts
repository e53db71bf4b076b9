/**
 * @mam/workflows: durable workflows on Temporal or on the embedded runtime, behind one engine. Workflow code
 * (`*.workflow.ts`) imports its API from `./runtime`; the rest of the product uses what is exported here.
 */
export type {
  TListWorkflowsFilter,
  TPendingActivity,
  TStartWorkflowOptions,
  TWorkflowDescription,
  TWorkflowFailureSummary,
  TWorkflowHistory,
  TWorkflowHistoryEvent,
  TWorkflowHistoryEventKind,
  TWorkflowPage,
  TWorkflowPageQuery,
  TWorkflowStatus,
  TWorkflowSummary,
  WorkflowEngine,
} from './engine';
export { summariseActivities, type TActivityState, type TActivitySummary } from './activity-summary';
export {
  createWorkflowRuntime,
  productWorkflowTypes,
  type TWorkflowRuntimeOptions,
  type WorkflowRuntime,
} from './create-workflow-runtime';
export { currentActivity, currentActivityInfo, type ActivityContext } from './activity-context';
export { EmbeddedWorkflowRuntime, type TEmbeddedRuntimeOptions } from './embedded/embedded-runtime';
export { DIVERGENCE_FAILURE_TYPE, type TWorkflowFunction } from './embedded/workflow-instance';
export type { TActivityFunction } from './embedded/activity-worker';
export { withActivityContext, type TWorkflowLogger } from './logger';
// An embedded run as Temporal's history JSON ("download history"); Temporal's tools read and replay it.
export { exportTemporalHistory, toTemporalHistory, type TTemporalHistoryJson } from './history/temporal-history';
export { historyFromJSON, historyToJSON } from './history/history-json';
export type { TActivityOptions, TRetryPolicy, TWorkflowInfo } from './runtime-hook';
export {
  ActivityFailure,
  ApplicationFailure,
  CancelledFailure,
  TerminatedFailure,
  TimeoutFailure,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@temporalio/common';
// The workflow API, for Node-side code that defines workflows in place (benchmarks, tests in other packages).
// Workflow files import it from './runtime' instead, so Temporal's bundle does not pull in this index.
export {
  CancellationScope,
  condition,
  defineQuery,
  defineSignal,
  isCancellation,
  proxyActivities,
  setHandler,
  sleep,
  uuid4,
  workflowInfo,
} from './runtime';

// The transcode workflow's contract with its activities and callers.
export * from './transcode/transcode.activities.types';
export { TRANSCODE_TASK_QUEUE } from './transcode/transcode.workflow';

// The task reminder workflow's contract with its activities and callers.
export * from './tasks/task-reminder.activities.types';
export { TASK_REMINDER_TASK_QUEUE, taskChangedSignal, taskReminderWorkflowId } from './tasks/task-reminder.workflow';

// The high-res deletion workflow's contract with its activities and callers.
export * from './highres/highres-deletion.activities.types';
export {
  HIGHRES_DELETION_TASK_QUEUE,
  highresDeletionChangedSignal,
  highresDeletionWorkflowId,
} from './highres/highres-deletion.workflow';
// The lifecycle rules workflow's contract with its activities and callers.
export * from './lifecycle/lifecycle-rules.activities.types';
export {
  LIFECYCLE_ROUNDS_PER_RUN,
  LIFECYCLE_TASK_QUEUE,
  lifecycleRulesWorkflowId,
  runLifecycleRuleSignal,
} from './lifecycle/lifecycle-rules.workflow';
// The storage scan workflow's contract with its activities and callers.
export * from './storage-scan/storage-scan.activities.types';
export { STORAGE_SCAN_TASK_QUEUE, storageScanWorkflowId } from './storage-scan/storage-scan.workflow';
// The watch folder workflow's contract with its activities and callers.
export * from './watch-folders/watch-folder.activities.types';
export { WATCH_FOLDER_TASK_QUEUE, watchFolderWorkflowId } from './watch-folders/watch-folder.workflow';
// The crash recording workflow's contract with its activities and callers.
export * from './live/crash-recording.activities.types';
export {
  CRASH_RECORDING_TASK_QUEUE,
  crashRecordingStateQuery,
  crashRecordingWorkflowId,
  stopCrashRecordingSignal,
  switchCrashRecordingSignal,
} from './live/crash-recording.workflow';
// The archive workflows' contract with their activities and callers.
export * from './archive/archive.activities.types';
export { ARCHIVE_TASK_QUEUE, archiveWorkflowId, upgradeRestoreTierSignal } from './archive/archive.workflow';
// The send-to-storage workflow's contract with its activities and callers.
export * from './exports/send-to-storage.activities.types';
export {
  SEND_TO_STORAGE_FAILED,
  SEND_TO_STORAGE_TASK_QUEUE,
  sendToStorageWorkflowId,
} from './exports/send-to-storage.workflow';
// The central render workflow's contract with its activities and callers.
export * from './renders/central-render.activities.types';
export { CENTRAL_RENDER_TASK_QUEUE, centralRenderWorkflowId } from './renders/central-render.workflow';
// The replication workflow's contract with its activities and callers.
export * from './replication/replication.activities.types';
export {
  REPLICATION_TASK_QUEUE,
  replicationChangedSignal,
  replicationWorkflowId,
} from './replication/replication.workflow';
