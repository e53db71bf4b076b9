export { SendToStoragePanel } from './send-to-storage.panel';
