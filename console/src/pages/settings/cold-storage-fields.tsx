import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/format';

export type TColdStorageClass = 'GLACIER' | 'DEEP_ARCHIVE';

export interface TColdSettings {
  restoreStandardSeconds: number;
  restoreExpressSeconds: number;
  coldStorageClass: TColdStorageClass;
}

const coldClasses: TColdStorageClass[] = ['GLACIER', 'DEEP_ARCHIVE'];
const WEEK_SECONDS = 7 * 24 * 3600;

/**
 * A cold location's own settings. Object storage: the class its objects are written in (what a restore then costs
 * and how long it takes is the provider's). A local folder: how long a restore takes per tier, so the same restore
 * runs on one machine as against a cloud archive.
 */
export function ColdStorageFields({
  kind,
  value,
  onChange,
}: {
  kind: 'local' | 's3';
  value: TColdSettings;
  onChange: (next: TColdSettings) => void;
}) {
  const { t, i18n } = useTranslation();
  if (kind === 's3') {
    return (
      <Select
        label={t('storage.cold.storageClass')}
        description={t('storage.cold.storageClassHint')}
        data={coldClasses.map((c) => ({ value: c, label: t(`storage.cold.classes.${c}`) }))}
        value={value.coldStorageClass}
        onChange={(v) => v && onChange({ ...value, coldStorageClass: v as TColdStorageClass })}
        allowDeselect={false}
        data-testid="storage-cold-class"
      />
    );
  }
  const delay = (field: 'restoreStandardSeconds' | 'restoreExpressSeconds', label: string, testId: string) => (
    <NumberInput
      label={label}
      description={formatDuration(value[field], i18n.language)}
      suffix=" s"
      min={0}
      max={WEEK_SECONDS}
      allowDecimal={false}
      value={value[field]}
      onChange={(v) => onChange({ ...value, [field]: typeof v === 'number' ? v : 0 })}
      data-testid={testId}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {delay('restoreStandardSeconds', t('storage.cold.standardDelay'), 'storage-cold-standard')}
      {delay('restoreExpressSeconds', t('storage.cold.expressDelay'), 'storage-cold-express')}
    </SimpleGrid>
  );
}
