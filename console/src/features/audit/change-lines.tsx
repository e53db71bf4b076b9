import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';

export interface TChange {
  from: string | null;
  to: string | null;
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
// core's AUDIT_REDACTED: a secret's values are never kept, only that it changed.
const REDACTED = '[redacted]';
const WORDED: Record<string, string> = { status: 'taskFields.status', priority: 'taskFields.priority' };

/**
 * What an audit event changed, one line per field: "field: old → new". Metadata fields go by their form label,
 * known fields by their name in the interface language; moments are written as the user's preferences ask.
 */
export function ChangeLines({
  changes,
  labels = {},
}: {
  changes: Record<string, TChange>;
  labels?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const entries = Object.entries(changes);
  if (entries.length === 0) return null;
  const shown = (field: string, value: string | null) => {
    if (value === null) return t('changeDetails.empty');
    if (value === REDACTED) return t('changeDetails.redacted');
    if (ISO_MOMENT.test(value)) return format.dateTime(value);
    const worded = WORDED[field];
    if (worded && i18n.exists(`${worded}.${value}`)) return t(`${worded}.${value}`);
    return value;
  };
  const name = (field: string) =>
    labels[field] ?? (i18n.exists(`changeDetails.fields.${field}`) ? t(`changeDetails.fields.${field}`) : field);
  return (
    <List size="xs" spacing={0} mt={2} listStyleType="none" data-testid="audit-changes">
      {entries.map(([field, change]) => (
        <List.Item key={field} data-testid="audit-change" data-field={field}>
          <Text size="xs" c="dimmed" span style={{ wordBreak: 'break-word' }}>
            {t('changeDetails.change', {
              field: name(field),
              from: shown(field, change.from),
              to: shown(field, change.to),
              interpolation: { escapeValue: false },
            })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
