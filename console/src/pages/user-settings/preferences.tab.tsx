import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadFolderSetting } from '../../features/upload';
import { useFormat } from '../../lib/format';
import { defaultPreferences, setPreferences, usePreferences, type TPreferences } from '../../lib/preferences';

function Setting({ label, hint, children }: { label: string; hint: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
      <div>
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      {children}
    </Group>
  );
}

/** Console preferences kept in this browser; each one changes what the console shows. */
export function PreferencesTab() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const prefs = usePreferences();
  const format = useFormat();
  const sample = '2026-03-07T14:05:00Z';

  return (
    <Paper withBorder p="lg" maw={760}>
      <Title order={4}>{t('preferences.title')}</Title>
      <Text size="sm" c="dimmed" mb="lg">
        {t('preferences.intro')}
      </Text>
      <Stack gap="lg">
        <Setting label={t('preferences.colorScheme')} hint={t('preferences.colorSchemeHint')}>
          <SegmentedControl
            size="xs"
            value={colorScheme}
            onChange={(v) => setColorScheme(v as MantineColorScheme)}
            data={[
              { value: 'dark', label: t('preferences.dark') },
              { value: 'light', label: t('preferences.light') },
              { value: 'auto', label: t('preferences.auto') },
            ]}
            data-testid="pref-color-scheme"
          />
        </Setting>
        <Setting label={t('preferences.density')} hint={t('preferences.densityHint')}>
          <SegmentedControl
            size="xs"
            value={prefs.density}
            onChange={(v) => setPreferences({ density: v as TPreferences['density'] })}
            data={[
              { value: 'comfortable', label: t('preferences.comfortable') },
              { value: 'compact', label: t('preferences.compact') },
            ]}
            data-testid="pref-density"
          />
        </Setting>
        <Setting
          label={t('preferences.dateFormat')}
          hint={t('preferences.example', { example: format.dateTime(sample) })}
        >
          <SegmentedControl
            size="xs"
            value={prefs.dateFormat}
            onChange={(v) => setPreferences({ dateFormat: v as TPreferences['dateFormat'] })}
            data={[
              { value: 'locale', label: t('preferences.dateLocale') },
              { value: 'iso', label: 'YYYY-MM-DD' },
              { value: 'dmy', label: 'DD.MM.YYYY' },
            ]}
            data-testid="pref-date-format"
          />
        </Setting>
        <Setting label={t('preferences.timeZone')} hint={t('preferences.timeZoneHint')}>
          <SegmentedControl
            size="xs"
            value={prefs.timeZone}
            onChange={(v) => setPreferences({ timeZone: v as TPreferences['timeZone'] })}
            data={[
              { value: 'local', label: t('preferences.localTime') },
              { value: 'utc', label: 'UTC' },
            ]}
            data-testid="pref-time-zone"
          />
        </Setting>
        <UploadFolderSetting />
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              setPreferences(defaultPreferences);
              setColorScheme('dark');
            }}
          >
            {t('preferences.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
