import { defaultRenderPresets, parseRenderPresetInput, type TRenderPreset } from '@mam/core';
import { draftOf, fieldOfIssue, inputOf } from './preset-draft.model';

const stored = (index: number): TRenderPreset => {
  const { preset, isDefault } = defaultRenderPresets()[index]!;
  return {
    ...preset,
    id: 'p',
    tenantId: 't',
    fallbackPresetId: null,
    isDefault,
    settings: preset.settings,
  } as TRenderPreset;
};

describe('the preset editor draft', () => {
  it('gives back what it was opened with, in a shape the server accepts', () => {
    for (const index of [0, 1, 3]) {
      const preset = stored(index);
      const input = inputOf(draftOf(preset));
      expect(input.settings).toEqual(preset.settings);
      expect(() => parseRenderPresetInput(input)).not.toThrow();
    }
  });

  it('keeps every mode’s settings while the mode changes, and sends the chosen one only', () => {
    const draft = { ...draftOf(stored(1)), name: 'Changed' };
    const advanced = inputOf({ ...draft, mode: 'advanced' });
    expect(advanced.settings).toMatchObject({ mode: 'advanced', container: 'mov' });
    expect(inputOf({ ...draft, mode: 'broadcast' }).settings).toEqual(stored(1).settings);
  });

  it('leaves out advanced parameters left empty', () => {
    const draft = draftOf(null);
    const parameters = { profile: 'hq', gopFrames: '' as unknown as number };
    const input = inputOf({ ...draft, mode: 'advanced', advanced: { ...draft.advanced, parameters } });
    expect(input.settings).toMatchObject({ parameters: { profile: 'hq' } });
    expect(JSON.stringify(input.settings)).not.toContain('gopFrames');
  });

  it('points server issues at the editor’s fields', () => {
    expect(fieldOfIssue('settings.parameters.crf')).toBe('parameters.crf');
    expect(fieldOfIssue('startTimecode')).toBe('startTimecode');
  });
});
