export * from './mail/mailer';
export * from './media';
export * from './storage';
export * from './activities/transcode.activities';
export * from './activities/task-reminder.activities';
export * from './render';
export * from './activities/central-render.activities';
