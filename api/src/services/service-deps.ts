import type { Database, Repositories } from '@mam/db';
import type { LiveNetworks, Mailer, TPrivateEndpoint } from '@mam/workers';
import type { ElasticsearchBackend } from '@mam/search';
import type { WorkflowEngine } from '@mam/workflows';
import type { SecretBox } from '../security/secret-box';

export interface ServiceLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/** Everything a domain service may touch, passed in so tests can swap any piece. */
export interface ServiceDeps {
  db: Database;
  repos: Repositories;
  mailer: Mailer;
  secretBox: SecretBox;
  clock: () => Date;
  logger: ServiceLogger;
  /** The workflow engine of a serving process; the CLI runs none. */
  workflows?: WorkflowEngine;
  /** Set when ELASTICSEARCH_URL is: search runs there; otherwise PostgreSQL full-text and trigram search. */
  searchBackend?: ElasticsearchBackend;
  config: {
    publicUrl: string;
    /**
     * PUBLIC_URL was given. Without it, links a signed-in user creates use the address the console is on (checked
     * against the request's Host), and publicUrl is only the fallback.
     */
    publicUrlSet?: boolean;
    sessionTtlHours: number;
    /** DATA_DIR: the built-in local storage keeps its files in `<dataDir>/storage`. */
    dataDir: string;
    /**
     * STORAGE_PRIVATE_ENDPOINTS: the only host[:port] on a private network a tenant's storage or identity provider
     * may use; none when absent, so a tenant cannot point the server at the platform's own services.
     */
    storagePrivateEndpoints?: readonly TPrivateEndpoint[];
    /**
     * LIVE_SOURCE_ALLOWED_NETWORKS: private ranges (the broadcaster's contribution networks) pulled live sources
     * may connect to; none when absent.
     */
    liveSourceNetworks?: LiveNetworks;
    /** MAX_UPLOAD_BYTES: the largest single upload; 1 TiB when absent. */
    maxUploadBytes?: number;
    /** UPLOAD_ABANDONED_HOURS: an upload with no byte received this long after its creation is cleaned up; 24. */
    uploadAbandonedHours?: number;
    /** LIFECYCLE_RULES_INTERVAL_MINUTES in ms: how often a tenant's lifecycle rules run; hourly when absent. */
    lifecycleIntervalMs?: number;
    /** TEMPORAL_UI_URL and the namespace: Background Jobs links each Temporal run to its page there. */
    temporalUi?: { url: string; namespace: string };
  };
}

/** Who is asking, for the audit trail. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** Where links made in this request point (see `linkBaseOf`); absent: config.publicUrl. */
  linkBase?: string | null;
}
