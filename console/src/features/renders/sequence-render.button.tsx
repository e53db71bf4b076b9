import { Alert, Button, Popover, Select, Stack, TextInput } from '@mantine/core';
import { ZStartTimecode } from '@mam/core';
import { IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/** Render on a saved sequence: pick a preset (the tenant's default first), start, and watch it in the renders list. */
export function SequenceRenderButton({ sequenceId, disabled }: { sequenceId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const [presetId, setPresetId] = useState<string | null>(null);
  // Blank: the preset's own start timecode; shown only for a preset that lets a render choose its own.
  const [startTimecode, setStartTimecode] = useState('');
  const presets = trpc.renderPresets.list.useQuery(undefined, { enabled: opened });
  const start = trpc.renders.start.useMutation({
    onSuccess: async () => {
      setOpened(false);
      notifySuccess(t('renders.started'));
      await utils.renders.listForSequence.invalidate({ sequenceId });
    },
    onError: (error) => notifyError(t, error),
  });
  const visible = (presets.data ?? []).filter((preset) => !preset.hidden);
  const chosen = presetId ?? visible.find((preset) => preset.isDefault)?.id ?? visible[0]?.id ?? null;
  const chosenPreset = visible.find((preset) => preset.id === chosen) ?? null;
  const typedTimecode = chosenPreset?.overrideStartTimecode ? startTimecode.trim() : '';
  const timecodeProblem = typedTimecode && !ZStartTimecode.safeParse(typedTimecode).success;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal width={300}>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconMovie size={14} />}
          onClick={() => setOpened((open) => !open)}
          disabled={disabled}
          data-testid="sequence-render"
        >
          {t('renders.render')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {presets.isSuccess && visible.length === 0 ? (
          <Alert color="yellow" data-testid="no-render-presets">
            {t('errors.NO_RENDER_PRESETS')}
          </Alert>
        ) : (
          <Stack gap="xs">
            <Select
              size="xs"
              label={t('renders.preset')}
              data={visible.map((preset) => ({ value: preset.id, label: preset.name }))}
              value={chosen}
              onChange={setPresetId}
              allowDeselect={false}
              // In the popover's own tree: an option in a portal is outside it, and choosing one closed the popover.
              comboboxProps={{ withinPortal: false }}
              data-testid="render-preset"
            />
            {chosenPreset?.overrideStartTimecode && (
              <TextInput
                size="xs"
                label={t('renders.startTimecode')}
                placeholder={chosenPreset.startTimecode}
                description={t('renders.startTimecodeHint', { timecode: chosenPreset.startTimecode })}
                value={startTimecode}
                onChange={(event) => setStartTimecode(event.currentTarget.value)}
                error={timecodeProblem ? t('renders.startTimecodeInvalid') : undefined}
                spellCheck={false}
                data-testid="render-start-timecode"
              />
            )}
            <Button
              size="xs"
              onClick={() =>
                chosen &&
                start.mutate({
                  sequenceId,
                  presetId: chosen,
                  ...(typedTimecode ? { startTimecode: typedTimecode } : {}),
                })
              }
              loading={start.isPending}
              disabled={!chosen || Boolean(timecodeProblem)}
              data-testid="render-start"
            >
              {t('renders.start')}
            </Button>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
