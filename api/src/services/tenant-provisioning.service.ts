import {
  AppError,
  AUDIT_SUBJECT_KEY,
  allPermissions,
  assertPasswordStrength,
  builtInGroupNames,
  defaultTenantConfig,
  type Permission,
} from '@mam/core';
import { inTransaction, isUniqueViolation, type Repositories, type TTenantRow, type TUserRow } from '@mam/db';
import { hashPassword } from '../security/password-hasher';
import type { AuthedActor } from './actor.service';
import type { AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import { builtInLocalStorage, localArchiveStorage, localColdStorage } from './storage.service';
import { builtInFormRows } from './metadata/metadata-form.service';
import { insertDefaultRenderPresets } from './renders/render-preset.service';

// Cross-tenant powers stay with the super administrator.
const SYSTEM_ONLY: Permission[] = ['allTenantsBilling', 'allTenantsWrite', 'allTenantsTunnel'];

export const administratorPermissions: Record<string, boolean> = Object.fromEntries(
  allPermissions.filter((p) => !SYSTEM_ONLY.includes(p)).map((p) => [p, true]),
);

export interface ProvisionInput {
  slug: string;
  name: string;
  adminEmail: string;
  adminPassword: string;
  adminIsSuperAdmin?: boolean;
}

/**
 * A new tenant with everything it needs to be used at once: its configuration, the organisation group every
 * member belongs to, an administrators group, the root folder, the built-in local storage, metadata forms and
 * render presets, and its first administrator.
 * One transaction, with the creator's audit event when `by` names one (a super administrator; none for the CLI's
 * first tenant).
 */
export async function provisionTenant(
  deps: Pick<ServiceDeps, 'db'>,
  input: ProvisionInput,
  by?: { audit: AuditService; actor: AuthedActor; meta: RequestMeta | null },
): Promise<{ tenant: TTenantRow; admin: TUserRow }> {
  assertPasswordStrength(input.adminPassword);
  const passwordHash = await hashPassword(input.adminPassword);
  const work = async (repos: Repositories) => {
    if (await repos.tenants.findBySlug(input.slug)) throw new AppError('TENANT_SLUG_TAKEN');
    const tenant = await repos.tenants.insert({
      slug: input.slug.toLowerCase(),
      name: input.name,
      config: defaultTenantConfig(input.name) as unknown as Record<string, unknown>,
    });
    const organisation = await repos.groups.insert(tenant.id, {
      name: builtInGroupNames.organisation,
      kind: 'organisation',
    });
    const administrators = await repos.groups.insert(tenant.id, {
      name: builtInGroupNames.administrators,
      kind: 'administrators',
      permissions: administratorPermissions,
    });
    const admin = await repos.users.insert(tenant.id, {
      email: input.adminEmail,
      name: 'Administrator',
      passwordHash,
      isSuperAdmin: input.adminIsSuperAdmin ?? false,
      primaryGroupId: organisation.id,
    });
    await repos.users.setGroups(tenant.id, admin.id, [organisation.id, administrators.id]);
    await repos.folders.ensureRoot(tenant.id, input.name, admin.id);
    await repos.storageLocations.insert(tenant.id, builtInLocalStorage);
    await repos.storageLocations.insert(tenant.id, localArchiveStorage);
    await repos.storageLocations.insert(tenant.id, localColdStorage);
    for (const form of builtInFormRows()) await repos.metadataForms.insert(tenant.id, form);
    await insertDefaultRenderPresets(repos, tenant.id);
    await repos.auditEvents.record(tenant.id, {
      actorUserId: null,
      actorEmail: null,
      action: 'tenant.created',
      targetType: 'tenant',
      targetId: tenant.id,
      summary: `Organisation ${input.name} created with administrator ${input.adminEmail}`,
      details: { [AUDIT_SUBJECT_KEY]: input.name },
    });
    return { tenant, admin };
  };
  const provisioned = by
    ? by.audit.change(by.actor, by.meta, work, ({ tenant }) => ({
        action: 'system.tenant_created',
        targetType: 'tenant',
        targetId: tenant.id,
        subject: tenant.name,
        summary: `Organisation ${tenant.name} (${tenant.slug}) created`,
      }))
    : inTransaction(deps.db, work);
  return provisioned.catch((error: unknown) => {
    // Two creations of one slug at once: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error, 'tenant_slug_unique')) throw new AppError('TENANT_SLUG_TAKEN');
    throw error;
  });
}
