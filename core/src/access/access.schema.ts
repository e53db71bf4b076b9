import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { toAppIssues } from '../validation/zod-issues';

/** tenant = the organisation group (also what "no restriction" means), owner = owner only, selected_groups = listed. */
export const accessLevels = ['tenant', 'owner', 'selected_groups'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Stored as visibleTo / updatableBy on items and folders; null there means "no restriction" (tenant level). */
export interface Access {
  level: AccessLevel;
  groups: string[];
}

export type AccessField = 'visibleTo' | 'updatableBy';

/** Shape only; `parseAccess` adds the rules that need their own error codes. */
export const ZAccess = z.strictObject({
  level: z.enum(accessLevels),
  groups: z.array(z.string().trim().min(1)).default([]),
});

const badCode = { visibleTo: 'BAD_VISIBLE_TO', updatableBy: 'BAD_UPDATABLE_BY' } as const;

/**
 * Validates an access object from a request or from storage.
 * - Not an object, unknown level, unknown keys, groups not an array of non-empty strings → BAD_VISIBLE_TO /
 *   BAD_UPDATABLE_BY (spec: 'Bad visibleTo', 'Bad updatableBy').
 * - selected_groups with no groups → SELECTED_GROUPS_EMPTY, a separate code because it is a user mistake the form
 *   can explain ("Selected groups cannot be empty"), not a malformed request.
 * - groups are ignored (returned as []) for tenant and owner levels, and de-duplicated for selected_groups.
 */
export function parseAccess(value: unknown, field: AccessField): Access {
  const parsed = ZAccess.safeParse(value);
  if (!parsed.success) throw new AppError(badCode[field], { issues: toAppIssues(parsed.error, badCode[field], field) });
  const { level, groups } = parsed.data;
  if (level !== 'selected_groups') return { level, groups: [] };
  if (groups.length === 0) {
    throw new AppError('SELECTED_GROUPS_EMPTY', {
      issues: [{ path: `${field}.groups`, code: 'SELECTED_GROUPS_EMPTY', message: 'Select at least one group.' }],
    });
  }
  return { level, groups: [...new Set(groups)] };
}

/** Like `parseAccess`, but null or undefined mean "no restriction" and come back as null. */
export function parseNullableAccess(value: unknown, field: AccessField): Access | null {
  return value === null || value === undefined ? null : parseAccess(value, field);
}

/** Whether two settings grant the same thing; null and tenant level are the same, group order does not matter. */
export function sameAccess(a: Access | null, b: Access | null): boolean {
  const levelA = a?.level ?? 'tenant';
  const levelB = b?.level ?? 'tenant';
  if (levelA !== levelB) return false;
  if (levelA !== 'selected_groups') return true;
  const groupsA = new Set(a?.groups);
  const groupsB = new Set(b?.groups);
  return groupsA.size === groupsB.size && [...groupsA].every((group) => groupsB.has(group));
}
