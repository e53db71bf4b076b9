export * from './live-endpoint-guard';
export * from './live-input';
