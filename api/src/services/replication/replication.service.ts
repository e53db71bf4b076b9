import {
  AppError,
  assertCan,
  assertReplicationEnds,
  isReplicationShardCount,
  isUuid,
  type TReplicationCounts,
  type TReplicationStage,
} from '@mam/core';
import { isUniqueViolation, type Repositories, type TReplicationSettingRow } from '@mam/db';
import {
  REPLICATION_TASK_QUEUE,
  replicationChangedSignal,
  replicationWorkflowId,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditEntry, AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';

/** A replication setting as administrators see it: the API token only reported as set. */
export interface TReplicationView {
  id: string;
  sourceStorageId: string;
  targetStorageId: string;
  stage: TReplicationStage;
  shardCount: number;
  enabled: boolean;
  apiTokenSet: boolean;
  workflowId: string;
  status: TReplicationCounts & { lastRoundAt: string | null; lastRoundCopied: number };
  createdAt: string;
  updatedAt: string;
}

/** What a form sends. The API token is write-only: undefined keeps the stored one, null removes it. */
export interface TReplicationInput {
  sourceStorageId: string;
  targetStorageId: string;
  stage: TReplicationStage;
  shardCount: number;
  enabled: boolean;
  apiToken?: string | null;
}

/**
 * Replication settings (spec section 3): tenant administrators choose a source and a target storage location, and
 * the setting's durable workflow (`<tenant>:replication:<id>`) copies new media of the source to the target in the
 * background. Sources replicated by another system are refused.
 */
export function createReplicationService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  async function toView(row: TReplicationSettingRow): Promise<TReplicationView> {
    const counts = await repos.replications.counts(row);
    return {
      id: row.id,
      sourceStorageId: row.sourceStorageId,
      targetStorageId: row.targetStorageId,
      stage: row.stage,
      shardCount: row.shardCount,
      enabled: row.enabled,
      apiTokenSet: Boolean(row.encryptedApiToken),
      workflowId: replicationWorkflowId(row.tenantId, row.id),
      status: {
        ...counts,
        lastRoundAt: row.lastRoundAt?.toISOString() ?? null,
        lastRoundCopied: row.lastRoundCopied,
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function findOwn(tenantId: string, id: string): Promise<TReplicationSettingRow> {
    const row = isUuid(id) ? await repos.replications.findById(tenantId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Both ends must be the tenant's own locations (another tenant's reads as not found), and make sense together. */
  async function checkEnds(tenantId: string, input: TReplicationInput): Promise<string> {
    const ids = [input.sourceStorageId, input.targetStorageId];
    const [source, target] = await Promise.all(
      ids.map((id) => (isUuid(id) ? repos.storageLocations.findById(tenantId, id) : undefined)),
    );
    if (!source || !target) throw new AppError('NOT_FOUND');
    assertReplicationEnds({
      sourceId: source.id,
      targetId: target.id,
      sourceExternallyReplicated: source.externallyReplicated,
    });
    if (!isReplicationShardCount(input.shardCount)) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: 'shardCount', code: 'VALIDATION_FAILED', message: 'Choose 1 to 16 shards.' }],
      });
    }
    return `${source.name} → ${target.name}`;
  }

  /** The audit trail's name of a setting: its two ends as named now. */
  async function nameOf(row: TReplicationSettingRow): Promise<string> {
    const [source, target] = await Promise.all([
      repos.storageLocations.findById(row.tenantId, row.sourceStorageId),
      repos.storageLocations.findById(row.tenantId, row.targetStorageId),
    ]);
    return `${source?.name ?? row.sourceStorageId} → ${target?.name ?? row.targetStorageId}`;
  }

  function sealedToken(input: TReplicationInput, previous: TReplicationSettingRow | undefined): string | null {
    if (input.apiToken === undefined) return previous?.encryptedApiToken ?? null;
    const token = input.apiToken?.trim();
    return token ? deps.secretBox.seal(token) : null;
  }

  /** A change and its audit event in one transaction; the same two ends twice read as REPLICATION_DUPLICATE. */
  async function change<T>(
    actor: AuthedActor,
    meta: RequestMeta | null,
    work: (tx: Repositories) => Promise<T>,
    describe: (result: T) => AuditEntry,
  ): Promise<T> {
    try {
      return await audit.change(actor, meta, work, describe);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('REPLICATION_DUPLICATE');
      throw error;
    }
  }

  /**
   * Tells the setting's run to plan again from the stored setting (it ends when the setting is disabled or gone), or
   * starts one for an enabled setting. A failure is logged: the setting stands, and the next boot starts the run.
   */
  async function follow(tenantId: string, settingId: string, enabled: boolean): Promise<void> {
    const engine = deps.workflows;
    if (!engine) return;
    const workflowId = replicationWorkflowId(tenantId, settingId);
    try {
      try {
        await engine.signal(workflowId, replicationChangedSignal);
        return;
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
      if (!enabled) return;
      await engine.start('replicationWorkflow', {
        workflowId,
        taskQueue: REPLICATION_TASK_QUEUE,
        args: [{ tenantId, settingId }],
        tenantId,
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return;
      deps.logger.error({ err: error, settingId }, 'replication run could not be followed up');
    }
  }

  function describe(action: 'created' | 'updated' | 'deleted', row: TReplicationSettingRow, name: string): AuditEntry {
    return {
      action: `replication.${action}`,
      targetType: 'replication',
      targetId: row.id,
      subject: name,
      summary: `Replication ${name} ${action}`,
      details: {
        sourceStorageId: row.sourceStorageId,
        targetStorageId: row.targetStorageId,
        stage: row.stage,
        shardCount: row.shardCount,
        enabled: row.enabled,
      },
    };
  }

  return {
    async list(actor: AuthedActor): Promise<TReplicationView[]> {
      assertCan(actor, 'tenantAdmin');
      return Promise.all((await repos.replications.list(actor.tenantId)).map(toView));
    },

    async get(actor: AuthedActor, id: string): Promise<TReplicationView> {
      assertCan(actor, 'tenantAdmin');
      return toView(await findOwn(actor.tenantId, id));
    },

    async create(actor: AuthedActor, input: TReplicationInput, meta: RequestMeta | null): Promise<TReplicationView> {
      assertCan(actor, 'tenantAdmin');
      const name = await checkEnds(actor.tenantId, input);
      const row = await change(
        actor,
        meta,
        (tx) =>
          tx.replications.insert(actor.tenantId, {
            sourceStorageId: input.sourceStorageId,
            targetStorageId: input.targetStorageId,
            stage: input.stage,
            shardCount: input.shardCount,
            enabled: input.enabled,
            encryptedApiToken: sealedToken(input, undefined),
            createdBy: actor.userId,
          }),
        (created) => describe('created', created, name),
      );
      await follow(actor.tenantId, row.id, row.enabled);
      return toView(row);
    },

    async update(
      actor: AuthedActor,
      id: string,
      input: TReplicationInput,
      meta: RequestMeta | null,
    ): Promise<TReplicationView> {
      assertCan(actor, 'tenantAdmin');
      const previous = await findOwn(actor.tenantId, id);
      const name = await checkEnds(actor.tenantId, input);
      const row = await change(
        actor,
        meta,
        async (tx) => {
          const updated = await tx.replications.update(actor.tenantId, previous.id, {
            sourceStorageId: input.sourceStorageId,
            targetStorageId: input.targetStorageId,
            stage: input.stage,
            shardCount: input.shardCount,
            enabled: input.enabled,
            encryptedApiToken: sealedToken(input, previous),
          });
          if (!updated) throw new AppError('NOT_FOUND');
          // What was copied for other ends, or without the generated media, says nothing about these.
          const sameWork =
            updated.sourceStorageId === previous.sourceStorageId &&
            updated.targetStorageId === previous.targetStorageId &&
            updated.stage === previous.stage;
          if (!sameWork) await tx.replications.clearObjects(actor.tenantId, updated.id);
          return updated;
        },
        (updated) => describe('updated', updated, name),
      );
      await follow(actor.tenantId, row.id, row.enabled);
      return toView(row);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      assertCan(actor, 'tenantAdmin');
      const row = await findOwn(actor.tenantId, id);
      const name = await nameOf(row);
      await change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.replications.delete(actor.tenantId, row.id))) throw new AppError('NOT_FOUND');
        },
        () => describe('deleted', row, name),
      );
      await follow(actor.tenantId, row.id, false);
    },

    /** Boot: every enabled setting gets its run (one already running is left as it is). */
    async startEnabled(): Promise<number> {
      const settings = await repos.replications.listEnabled();
      for (const setting of settings) await follow(setting.tenantId, setting.id, true);
      return settings.length;
    },
  };
}

export type ReplicationService = ReturnType<typeof createReplicationService>;
