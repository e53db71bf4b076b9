import type { RestRoute } from '../rest-route';
import { meRoute } from './me.route';
import { itemProcessingRoutes } from './item-processing.route';
import { folderRoutes } from './folders.route';
import { itemLibraryRoutes } from './items-library.route';
import { searchRoutes } from './search.route';
import { metadataExchangeRoutes } from './metadata-exchange.route';
import { logEntryRoutes } from './log-entries.route';
import { relationRoutes } from './relations.route';
import { commentRoutes } from './comments.route';
import { tenantRoutes } from './tenants.route';
import { workflowRoutes } from './workflows.route';
import { renderPresetRoutes } from './render-presets.route';
import { liveSourceRoutes } from './live-sources.route';
import { sequenceRoutes } from './sequences.route';
import { renderRoutes } from './renders.route';
import { virtualClipRoutes } from './virtual-clips.route';
import { sequenceInterchangeRoutes } from './sequence-interchange.route';
import { libraryLayoutRoutes } from './library-layout.route';
import { uploadFolderRoutes } from './upload-folder.route';
import { highresDeletionRoutes } from './highres-deletion.route';
import { storageRoutes } from './storages.route';
import { storageScanRoutes } from './storage-scans.route';
import { watchFolderRoutes } from './watch-folders.route';
import { replicationRoutes } from './replications.route';
import { archiveRoutes } from './archive.route';
import { sendToStorageRoutes } from './send-to-storage.route';
import { lifecycleRuleRoutes } from './lifecycle-rules.route';

export const v1Routes: RestRoute[] = [
  meRoute as unknown as RestRoute,
  ...itemProcessingRoutes,
  ...folderRoutes,
  ...itemLibraryRoutes,
  ...searchRoutes,
  ...metadataExchangeRoutes,
  ...logEntryRoutes,
  ...relationRoutes,
  ...commentRoutes,
  ...tenantRoutes,
  ...workflowRoutes,
  ...renderPresetRoutes,
  ...liveSourceRoutes,
  ...sequenceRoutes,
  ...renderRoutes,
  ...virtualClipRoutes,
  ...sequenceInterchangeRoutes,
  ...libraryLayoutRoutes,
  ...uploadFolderRoutes,
  ...highresDeletionRoutes,
  ...storageRoutes,
  ...storageScanRoutes,
  ...watchFolderRoutes,
  ...replicationRoutes,
  ...archiveRoutes,
  ...sendToStorageRoutes,
  ...lifecycleRuleRoutes,
];
