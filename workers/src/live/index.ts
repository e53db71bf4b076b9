export * from './live-endpoint-guard';
export * from './live-input';
export * from './live-port-registry';
export * from './live-probe';
export * from './recorder';
export * from './recorder-plan';
export * from './recording-journal';
export * from './live-playlist-publisher';
