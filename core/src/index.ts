export * from './errors/error-catalogue';
export * from './errors/app-error';
