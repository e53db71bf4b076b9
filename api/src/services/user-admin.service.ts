import { AppError, assertCan, assertPasswordStrength } from '@mam/core';
import type { TUserRow, TUserWithGroups } from '@mam/db';
import { hashPassword } from '../security/password-hasher';
import type { AuthedActor } from './actor.service';
import type { ApiKeyService } from './api-key.service';
import type { AuditService } from './audit.service';
import type { OneTimeCodeService } from './one-time-code.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import type { SessionService } from './session.service';

export function toUserView(user: TUserRow & { groupIds: string[] }) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    active: user.active,
    hidden: user.hidden,
    external: user.external,
    isSuperAdmin: user.isSuperAdmin,
    groupIds: user.groupIds,
    mfaEnabled: user.mfaEnabled,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export type TUserView = ReturnType<typeof toUserView>;

/** My Team: the tenant's users as a user manager sees them. */
export function createUserAdminService(
  deps: ServiceDeps,
  sessions: SessionService,
  apiKeys: ApiKeyService,
  codes: OneTimeCodeService,
  audit: AuditService,
) {
  async function target(actor: AuthedActor, id: string): Promise<TUserWithGroups> {
    assertCan(actor, 'userManagement');
    const user = await deps.repos.users.findById(actor.tenantId, id);
    if (!user) throw new AppError('NOT_FOUND');
    return { ...user, groupIds: await deps.repos.users.groupIds(actor.tenantId, id) };
  }

  function assertNotSelf(actor: AuthedActor, user: TUserRow) {
    if (user.id === actor.userId) throw new AppError('CANNOT_CHANGE_SELF');
  }

  /** Only a super administrator may touch a super administrator's account. */
  function assertMayManage(actor: AuthedActor, user: TUserRow) {
    if (user.isSuperAdmin && !actor.isSuperAdmin) throw new AppError('FORBIDDEN');
  }

  return {
    async list(actor: AuthedActor, options: { includeHidden: boolean }) {
      assertCan(actor, 'userManagement');
      return (await deps.repos.users.list(actor.tenantId, options)).map(toUserView);
    },

    async create(
      actor: AuthedActor,
      input: { email: string; name: string; password: string | null; groupIds: string[] },
      meta: RequestMeta | null,
    ) {
      assertCan(actor, 'userManagement');
      if (input.password) assertPasswordStrength(input.password);
      if (await deps.repos.users.findByEmail(actor.tenantId, input.email)) throw new AppError('EMAIL_TAKEN');
      const organisation = await deps.repos.groups.findByKind(actor.tenantId, 'organisation');
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const user = await audit.change(
        actor,
        meta,
        async (tx) => {
          const inserted = await tx.users.insert(actor.tenantId, {
            email: input.email.trim(),
            name: input.name.trim(),
            passwordHash,
            primaryGroupId: organisation?.id ?? null,
          });
          const groupIds = [...new Set([...(organisation ? [organisation.id] : []), ...input.groupIds])];
          await tx.users.setGroups(actor.tenantId, inserted.id, groupIds);
          return inserted;
        },
        (inserted) => ({
          action: 'user.created',
          targetType: 'user',
          targetId: inserted.id,
          subject: inserted.email,
          summary: `User ${inserted.email} created${input.password ? '' : ' and invited'}`,
        }),
      );
      // The invitation mail goes out only once the account it invites to is stored.
      if (!input.password) await codes.issueSignInCode(user, { inviter: actor.email });
      return toUserView({ ...user, groupIds: await deps.repos.users.groupIds(actor.tenantId, user.id) });
    },

    async update(
      actor: AuthedActor,
      input: { id: string; name?: string; groupIds?: string[] },
      meta: RequestMeta | null,
    ) {
      const user = await target(actor, input.id);
      assertMayManage(actor, user);
      const organisation = await deps.repos.groups.findByKind(actor.tenantId, 'organisation');
      const administrators = await deps.repos.groups.findByKind(actor.tenantId, 'administrators');
      // Losing your own administrator membership would lock you out of this very page.
      if (
        input.groupIds &&
        user.id === actor.userId &&
        administrators &&
        user.groupIds.includes(administrators.id) &&
        !input.groupIds.includes(administrators.id)
      ) {
        throw new AppError('CANNOT_CHANGE_SELF');
      }
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (input.name !== undefined) await tx.users.update(actor.tenantId, user.id, { name: input.name.trim() });
          if (input.groupIds) {
            const groupIds = [...new Set([...(organisation ? [organisation.id] : []), ...input.groupIds])];
            await tx.users.setGroups(actor.tenantId, user.id, groupIds);
          }
        },
        () => ({
          action: 'user.updated',
          targetType: 'user',
          targetId: user.id,
          subject: user.email,
          summary: `User ${user.email} updated`,
          details: { name: input.name, groupIds: input.groupIds },
        }),
      );
      if (input.groupIds) apiKeys.forgetUser(actor.tenantId, user.id);
      return toUserView(await target(actor, input.id));
    },

    async setActive(actor: AuthedActor, id: string, active: boolean, meta: RequestMeta | null) {
      const user = await target(actor, id);
      assertNotSelf(actor, user);
      assertMayManage(actor, user);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.users.update(actor.tenantId, id, { active });
          if (!active) await sessions.endAllFor(user, tx);
        },
        () => ({
          action: active ? 'user.activated' : 'user.deactivated',
          targetType: 'user',
          targetId: id,
          subject: user.email,
          summary: `User ${user.email} ${active ? 'activated' : 'deactivated'}`,
        }),
      );
      apiKeys.forgetUser(actor.tenantId, id);
      return toUserView(await target(actor, id));
    },

    async setHidden(actor: AuthedActor, id: string, hidden: boolean, meta: RequestMeta | null) {
      const user = await target(actor, id);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.users.update(actor.tenantId, id, { hidden });
        },
        () => ({
          action: hidden ? 'user.hidden' : 'user.shown',
          targetType: 'user',
          targetId: id,
          subject: user.email,
          summary: `User ${user.email} ${hidden ? 'hidden from' : 'shown in'} the list`,
        }),
      );
      return toUserView(await target(actor, id));
    },

    async logoutEverywhere(actor: AuthedActor, id: string, meta: RequestMeta | null) {
      const user = await target(actor, id);
      if (user.external) throw new AppError('EXTERNAL_USER_LOGOUT');
      assertMayManage(actor, user);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await sessions.endAllFor(user, tx);
        },
        () => ({
          action: 'user.logged_out',
          targetType: 'user',
          targetId: id,
          subject: user.email,
          summary: `User ${user.email} logged out everywhere`,
        }),
      );
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null) {
      const user = await target(actor, id);
      if (user.external) throw new AppError('EXTERNAL_USER_DELETE');
      assertNotSelf(actor, user);
      assertMayManage(actor, user);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.users.delete(actor.tenantId, id);
        },
        () => ({
          action: 'user.deleted',
          targetType: 'user',
          targetId: id,
          subject: user.email,
          summary: `User ${user.email} deleted`,
        }),
      );
      apiKeys.forgetUser(actor.tenantId, id);
    },

    async updateProfile(actor: AuthedActor, input: { name: string; language: string | null }) {
      const row = await deps.repos.users.update(actor.tenantId, actor.userId, {
        name: input.name.trim(),
        language: input.language,
      });
      if (!row) throw new AppError('NOT_FOUND');
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
