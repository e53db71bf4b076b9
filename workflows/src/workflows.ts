/**
 * Every workflow of the product. The embedded runtime registers the functions exported here by name, and
 * Temporal's workers bundle this file (workflowsPath), so both run the same code.
 */
export { transcodeWorkflow } from './transcode/transcode.workflow';
export { taskReminderWorkflow } from './tasks/task-reminder.workflow';
export { centralRenderWorkflow } from './renders/central-render.workflow';
