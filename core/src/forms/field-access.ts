import { isAdmin, type Actor } from '../permissions/actor';
import { isTechnicalField, type TFormField, type TGroupRestriction, type TMetadataForm } from './metadata-form.schema';

export interface TFieldAccess {
  userCanRead: boolean;
  userCanWrite: boolean;
}

function allows(actor: Actor, restriction: TGroupRestriction): boolean {
  return restriction === null || restriction.some((group) => actor.groupIds.includes(group));
}

/** Whether the form shows up for the actor at all; administrators see every form. */
export function canSeeForm(actor: Actor, form: Pick<TMetadataForm, 'visibleTo'>): boolean {
  return isAdmin(actor) || allows(actor, form.visibleTo);
}

/**
 * userCanRead / userCanWrite of one field for one actor, computed from the form's and the field's restrictions
 * (both must let the actor in) and never stored. Writing needs reading: nobody edits what they cannot see.
 * Administrators pass every restriction. Read only and technical fields are a separate matter (`isFieldEditable`).
 */
export function fieldAccessFor(
  actor: Actor,
  form: Pick<TMetadataForm, 'visibleTo' | 'permissions'>,
  field: Pick<TFormField, 'permissions'>,
): TFieldAccess {
  if (isAdmin(actor)) return { userCanRead: true, userCanWrite: true };
  const userCanRead =
    canSeeForm(actor, form) && allows(actor, form.permissions.read) && allows(actor, field.permissions.read);
  const userCanWrite = userCanRead && allows(actor, form.permissions.write) && allows(actor, field.permissions.write);
  return { userCanRead, userCanWrite };
}

/** Whether the actor enters this field's value: not read only, not filled by the system, readable and writable. */
export function isFieldEditable(
  field: Pick<TFormField, 'readOnly' | 'fieldId' | 'systemDefaultField'>,
  access: TFieldAccess,
): boolean {
  return !field.readOnly && !isTechnicalField(field) && access.userCanRead && access.userCanWrite;
}
