export * from './mail/mailer';
export * from './media';
export * from './storage';
export * from './activities/transcode.activities';
