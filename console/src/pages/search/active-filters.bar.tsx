import { Button, Group, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import type { TFieldInfo } from './search-fields.catalogue';
import { activeFilters, chipKey, clearFilters, removeFilter, type TFilterChip } from './search-filters.rules';
import { useFacetLabel } from './search-filters.panel';
import type { TSearchState } from './search-url.state';

/** The active filters as removable chips, with one button to drop them all; nothing when no filter is on. */
export function ActiveFiltersBar({
  state,
  catalogue,
  creatorLabels,
  onChange,
}: {
  state: TSearchState;
  catalogue: ReadonlyMap<string, TFieldInfo>;
  creatorLabels: ReadonlyMap<string, string>;
  onChange: (next: TSearchState) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = useFacetLabel(catalogue, creatorLabels);
  const chips = activeFilters(state);
  if (chips.length === 0) return null;

  const text = (chip: TFilterChip): string => {
    switch (chip.kind) {
      case 'createdFrom':
        return `${t('search.filters.createdFrom')}: ${format.day(chip.value)}`;
      case 'createdTo':
        return `${t('search.filters.createdTo')}: ${format.day(chip.value)}`;
      case 'field':
        return `${catalogue.get(chip.fieldId)?.label ?? chip.fieldId}: ${label(chip, chip.value)}`;
      default:
        return `${t(`search.filters.${chip.kind}`)}: ${label({ kind: chip.kind }, chip.value)}`;
    }
  };

  return (
    <Group gap={6} data-testid="active-filters">
      {chips.map((chip) => (
        <Pill
          key={chipKey(chip)}
          size="md"
          withRemoveButton
          onRemove={() => onChange(removeFilter(state, chip))}
          // Pill hides its remove button from assistive technology and the tab order; here it is the only way to
          // drop one filter, so it is made a real button.
          removeButtonProps={{
            'aria-label': t('search.filters.remove', { filter: text(chip) }),
            'aria-hidden': false,
            tabIndex: 0,
          }}
          data-testid="active-filter"
        >
          {text(chip)}
        </Pill>
      ))}
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => onChange(clearFilters(state))}
        data-testid="clear-filters"
      >
        {t('search.filters.clearAll')}
      </Button>
    </Group>
  );
}
