import { AppError, assertCan, isPermission } from '@mam/core';
import type { TGroupRow } from '@mam/db';
import type { AuthedActor } from './actor.service';
import type { ApiKeyService } from './api-key.service';
import type { AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

function toGroupView(group: TGroupRow & { memberCount?: number }) {
  return {
    id: group.id,
    name: group.name,
    kind: group.kind,
    permissions: group.permissions,
    memberCount: group.memberCount ?? 0,
  };
}

/** Explicit settings only, and only permissions the catalogue knows. */
function cleanPermissions(permissions: Record<string, boolean>): Record<string, boolean> {
  const unknown = Object.keys(permissions).filter((p) => !isPermission(p));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', {
      issues: unknown.map((p) => ({
        path: `permissions.${p}`,
        code: 'VALIDATION_FAILED' as const,
        message: `Unknown permission ${p}`,
      })),
    });
  }
  return permissions;
}

export function createGroupService(deps: ServiceDeps, apiKeys: ApiKeyService, audit: AuditService) {
  async function find(actor: AuthedActor, id: string): Promise<TGroupRow> {
    const group = await deps.repos.groups.findById(actor.tenantId, id);
    if (!group) throw new AppError('NOT_FOUND');
    return group;
  }

  async function assertNameFree(actor: AuthedActor, name: string, exceptId?: string) {
    const existing = await deps.repos.groups.findByName(actor.tenantId, name.trim());
    if (existing && existing.id !== exceptId) throw new AppError('CONFLICT');
  }

  return {
    async list(actor: AuthedActor) {
      if (!actor.permissions.has('getGroups')) assertCan(actor, 'userManagement');
      return (await deps.repos.groups.list(actor.tenantId)).map(toGroupView);
    },
    async create(
      actor: AuthedActor,
      input: { name: string; permissions?: Record<string, boolean> },
      meta: RequestMeta | null,
    ) {
      assertCan(actor, 'userManagement');
      await assertNameFree(actor, input.name);
      const permissions = cleanPermissions(input.permissions ?? {});
      const group = await audit.change(
        actor,
        meta,
        (tx) => tx.groups.insert(actor.tenantId, { name: input.name.trim(), permissions }),
        (inserted) => ({
          action: 'group.created',
          targetType: 'group',
          targetId: inserted.id,
          subject: inserted.name,
          summary: `Group ${inserted.name} created`,
        }),
      );
      return toGroupView(group);
    },
    async rename(actor: AuthedActor, input: { id: string; name: string }, meta: RequestMeta | null) {
      assertCan(actor, 'userManagement');
      const group = await find(actor, input.id);
      await assertNameFree(actor, input.name, group.id);
      const updated = await audit.change(
        actor,
        meta,
        (tx) => tx.groups.update(actor.tenantId, group.id, { name: input.name.trim() }),
        () => ({
          action: 'group.renamed',
          targetType: 'group',
          targetId: group.id,
          subject: group.name,
          summary: `Group ${group.name} renamed to ${input.name.trim()}`,
          details: { changes: { name: { from: group.name, to: input.name.trim() } } },
        }),
      );
      return toGroupView(updated!);
    },
    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null) {
      assertCan(actor, 'userManagement');
      const group = await find(actor, id);
      if (group.kind !== 'custom') throw new AppError('GROUP_IN_USE');
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.groups.delete(actor.tenantId, id);
        },
        () => ({
          action: 'group.deleted',
          targetType: 'group',
          targetId: id,
          subject: group.name,
          summary: `Group ${group.name} deleted`,
        }),
      );
      apiKeys.forgetTenant(actor.tenantId);
    },
    async setPermissions(
      actor: AuthedActor,
      input: { id: string; permissions: Record<string, boolean> },
      meta: RequestMeta | null,
    ) {
      assertCan(actor, 'userManagement');
      const group = await find(actor, input.id);
      // Administrators keep tenantAdmin, or nobody could administer the tenant any more.
      const permissions = cleanPermissions(input.permissions);
      if (group.kind === 'administrators') permissions.tenantAdmin = true;
      const updated = await audit.change(
        actor,
        meta,
        (tx) => tx.groups.update(actor.tenantId, group.id, { permissions }),
        () => ({
          action: 'group.permissions_changed',
          targetType: 'group',
          targetId: group.id,
          subject: group.name,
          summary: `Permissions of group ${group.name} changed`,
          details: { before: group.permissions, after: permissions },
        }),
      );
      apiKeys.forgetTenant(actor.tenantId);
      return toGroupView(updated!);
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
