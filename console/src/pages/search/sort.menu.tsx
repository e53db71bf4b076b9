import { Button, Menu } from '@mantine/core';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFieldInfo } from './search-fields.catalogue';
import { builtInSorts, effectiveSort, sameSort, sortToken, type TSortChoice } from './search-sort.options';

/** The order of the hits: relevance, dates, title, and the tenant's sortable fields. */
export function SortMenu({
  sort,
  query,
  fields,
  onChange,
}: {
  sort: TSortChoice | null;
  query: string;
  fields: readonly TFieldInfo[];
  onChange: (sort: TSortChoice) => void;
}) {
  const { t } = useTranslation();
  const current = effectiveSort(sort, query);
  const labelOf = (choice: TSortChoice): string => {
    if (choice.by === 'field') {
      const field = fields.find((f) => f.fieldId === choice.fieldId)?.label ?? choice.fieldId;
      return t(choice.direction === 'asc' ? 'search.sort.fieldAsc' : 'search.sort.fieldDesc', { field });
    }
    const builtIn = builtInSorts.find((s) => sameSort(s.choice, choice));
    return builtIn ? t(`search.sort.${builtIn.labelKey}`) : sortToken(choice);
  };
  const item = (choice: TSortChoice) => {
    const active = sameSort(choice, current);
    return (
      <Menu.Item
        key={sortToken(choice)}
        onClick={() => onChange(choice)}
        leftSection={<IconCheck size={14} style={{ visibility: active ? 'visible' : 'hidden' }} />}
        data-testid="sort-option"
        data-sort={sortToken(choice)}
        data-active={active}
      >
        {labelOf(choice)}
      </Menu.Item>
    );
  };
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowsSort size={14} />}
          aria-label={`${t('search.sort.label')}: ${labelOf(current)}`}
          data-testid="sort-menu"
          data-sort={sortToken(current)}
        >
          {labelOf(current)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('search.sort.label')}</Menu.Label>
        {builtInSorts.filter((s) => s.inMenu).map((s) => item(s.choice))}
        {fields.length > 0 && <Menu.Divider />}
        {fields.flatMap((field) => [
          item({ by: 'field', fieldId: field.fieldId, direction: 'asc' }),
          item({ by: 'field', fieldId: field.fieldId, direction: 'desc' }),
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
