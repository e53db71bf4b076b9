import { Paper, SegmentedControl, Stack, Text, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Console preferences kept in this browser. */
export function PreferencesTab() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder p="lg" maw={520}>
      <Stack>
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t('preferences.colorScheme')}
          </Text>
          <SegmentedControl
            value={colorScheme}
            onChange={(v) => setColorScheme(v as MantineColorScheme)}
            data={[
              { value: 'dark', label: t('preferences.dark') },
              { value: 'light', label: t('preferences.light') },
              { value: 'auto', label: t('preferences.auto') },
            ]}
          />
        </div>
      </Stack>
    </Paper>
  );
}
