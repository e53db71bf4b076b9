import type { TViewSetting } from '@mam/core';
import { setViewEnabled, setViewOverride, viewOverrideOf } from './view-overrides.model';

const setting = (fieldId: string, overrides: Partial<TViewSetting> = {}): TViewSetting => ({
  fieldId,
  visible: true,
  label: null,
  defaultValue: null,
  mdfSource: null,
  ...overrides,
});

describe('view overrides', () => {
  it("reads a field's override, or the field's own settings when the view has none", () => {
    const settings = [setting('title', { label: 'Headline' })];
    expect(viewOverrideOf(settings, 'title')).toEqual({ visible: true, label: 'Headline', defaultValue: null });
    expect(viewOverrideOf(settings, 'other')).toEqual({ visible: true, label: null, defaultValue: null });
    expect(viewOverrideOf(undefined, 'title')).toEqual({ visible: true, label: null, defaultValue: null });
  });

  it('adds a setting for a new override and changes an existing one', () => {
    const added = setViewOverride([], 'title', { visible: false });
    expect(added).toEqual([setting('title', { visible: false })]);
    expect(setViewOverride(added, 'title', { label: 'Headline' })).toEqual([
      setting('title', { visible: false, label: 'Headline' }),
    ]);
  });

  it('drops a setting once it overrides nothing, but keeps one with a source', () => {
    expect(setViewOverride([setting('title', { visible: false })], 'title', { visible: true })).toEqual([]);
    expect(setViewOverride([], 'title', { label: null })).toEqual([]);
    const sourced = [setting('title', { visible: false, mdfSource: 'title' })];
    expect(setViewOverride(sourced, 'title', { visible: true })).toEqual([setting('title', { mdfSource: 'title' })]);
  });

  it('turns a view on with no overrides and off entirely', () => {
    expect(setViewEnabled({}, 'share', true)).toEqual({ share: [] });
    const views = { item: [setting('title', { visible: false })], share: [] };
    expect(setViewEnabled(views, 'item', true)).toEqual(views);
    expect(setViewEnabled(views, 'item', false)).toEqual({ share: [] });
  });
});
