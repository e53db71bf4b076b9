export * from './mail/mailer';
