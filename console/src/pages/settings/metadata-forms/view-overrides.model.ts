import type { FormViewId, TJsonValue, TViewSetting } from '@mam/core';
import type { TFormDraft } from './form-draft.model';

/** How one view shows one field: the field's own settings unless the view overrides them. */
export interface TViewOverride {
  visible: boolean;
  label: string | null;
  defaultValue: TJsonValue | null;
}

const plain: TViewOverride = { visible: true, label: null, defaultValue: null };

export function viewOverrideOf(settings: readonly TViewSetting[] | undefined, fieldId: string): TViewOverride {
  const setting = settings?.find((entry) => entry.fieldId === fieldId);
  return setting ? { visible: setting.visible, label: setting.label, defaultValue: setting.defaultValue } : plain;
}

function overridesNothing(setting: TViewSetting): boolean {
  return setting.visible && setting.label === null && setting.defaultValue === null && setting.mdfSource === null;
}

/**
 * The view's settings with one field's override changed. A setting that no longer overrides anything is dropped,
 * so the stored view lists only what differs from the fields themselves; mdfSource set elsewhere is kept.
 */
export function setViewOverride(
  settings: readonly TViewSetting[],
  fieldId: string,
  patch: Partial<TViewOverride>,
): TViewSetting[] {
  const index = settings.findIndex((entry) => entry.fieldId === fieldId);
  const current = settings[index] ?? { fieldId, ...plain, mdfSource: null };
  const next = { ...current, ...patch };
  if (index < 0) return overridesNothing(next) ? [...settings] : [...settings, next];
  return overridesNothing(next)
    ? settings.filter((_, i) => i !== index)
    : settings.map((entry, i) => (i === index ? next : entry));
}

/** Whether the form appears in a view is whether the view has settings at all (an empty list counts). */
export function setViewEnabled(views: TFormDraft['views'], view: FormViewId, enabled: boolean): TFormDraft['views'] {
  if (enabled) return { ...views, [view]: views[view] ?? [] };
  const { [view]: _removed, ...rest } = views;
  return rest;
}
