export * from './mail/mailer';
export * from './storage';
