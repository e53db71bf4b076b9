import { Anchor, Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalColours } from '../../features/approval/approval-status';
import { formatNumber } from '../../lib/format';
import { useVocabulary } from '../../lib/vocabulary';
import { valueLabel, type TFieldInfo } from './search-fields.catalogue';
import { facetOptions, selectedValues, toggleFacetValue, type TFacetTarget } from './search-filters.rules';
import type { TSearchState } from './search-url.state';
import type { TSearchResult } from './use-search-results';

const SHOWN_OPTIONS = 6;

/** What a facet value reads as: item types and states are translated, creators and field values named. */
export function useFacetLabel(catalogue: ReadonlyMap<string, TFieldInfo>, creatorLabels: ReadonlyMap<string, string>) {
  const { t } = useTranslation();
  const words = { yes: t('search.yes'), no: t('search.no') };
  return (target: TFacetTarget, value: string): string => {
    switch (target.kind) {
      case 'itemType':
        return i18n.exists(`items.types.${value}`) ? t(`items.types.${value}`) : value;
      case 'state':
        return i18n.exists(`search.states.${value}`) ? t(`search.states.${value}`) : value;
      case 'approval':
        return value in approvalColours ? t(`approval.${value}`) : value;
      case 'createdBy':
        return creatorLabels.get(value) ?? t('search.unknownUser');
      case 'field':
        return valueLabel(catalogue.get(target.fieldId), value, words);
    }
  };
}

/** The filters column: facet groups with the server's counts, and the created date range. */
export function SearchFiltersPanel({
  state,
  facets,
  catalogue,
  creatorLabels,
  onChange,
}: {
  state: TSearchState;
  facets: TSearchResult['facets'] | undefined;
  catalogue: ReadonlyMap<string, TFieldInfo>;
  creatorLabels: ReadonlyMap<string, string>;
  onChange: (next: TSearchState) => void;
}) {
  const { t, i18n: instance } = useTranslation();
  const label = useFacetLabel(catalogue, creatorLabels);
  const words = useVocabulary();
  const fieldIds = [
    ...new Set([
      ...Object.entries(facets?.fields ?? {})
        .filter(([, counts]) => counts.length > 0)
        .map(([fieldId]) => fieldId),
      ...state.fieldValues.map((f) => f.fieldId),
    ]),
  ].sort((a, b) =>
    (catalogue.get(a)?.label ?? a).localeCompare(catalogue.get(b)?.label ?? b, instance.resolvedLanguage),
  );
  const group = (
    target: TFacetTarget,
    title: string,
    counts: ReadonlyArray<{ value: string; count: number }>,
    hint?: string,
  ) => (
    <FacetGroup
      title={title}
      hint={hint}
      options={facetOptions(counts, selectedValues(state, target))}
      label={(value) => label(target, value)}
      onToggle={(value, on) => onChange(toggleFacetValue(state, target, value, on))}
      testId={target.kind === 'field' ? `facet-field-${target.fieldId}` : `facet-${target.kind}`}
    />
  );

  return (
    <Paper withBorder p="sm" radius="md" data-testid="search-filters">
      <Stack gap="md">
        {group(
          { kind: 'itemType' },
          words.facet('itemType').name,
          facets?.itemType ?? [],
          words.facet('itemType').hint,
        )}
        {group({ kind: 'state' }, words.facet('state').name, facets?.state ?? [], words.facet('state').hint)}
        {group(
          { kind: 'approval' },
          words.facet('approval').name,
          facets?.approval ?? [],
          words.facet('approval').hint,
        )}
        {group(
          { kind: 'createdBy' },
          words.facet('createdBy').name,
          facets?.createdBy ?? [],
          words.facet('createdBy').hint,
        )}
        <Stack gap={6}>
          <Text fw={600} size="sm" title={words.facet('created').hint}>
            {words.facet('created').name}
          </Text>
          <DatePickerInput
            size="xs"
            label={t('search.filters.from')}
            placeholder={t('search.filters.pickDate')}
            leftSection={<IconCalendar size={14} />}
            valueFormat="YYYY-MM-DD"
            value={state.createdFrom}
            maxDate={state.createdTo ?? undefined}
            onChange={(value) => onChange({ ...state, createdFrom: value })}
            clearable
            data-testid="filter-created-from"
          />
          <DatePickerInput
            size="xs"
            label={t('search.filters.to')}
            placeholder={t('search.filters.pickDate')}
            leftSection={<IconCalendar size={14} />}
            valueFormat="YYYY-MM-DD"
            value={state.createdTo}
            minDate={state.createdFrom ?? undefined}
            onChange={(value) => onChange({ ...state, createdTo: value })}
            clearable
            data-testid="filter-created-to"
          />
        </Stack>
        {fieldIds.map((fieldId) => (
          <div key={fieldId}>
            {group({ kind: 'field', fieldId }, catalogue.get(fieldId)?.label ?? fieldId, facets?.fields[fieldId] ?? [])}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

function FacetGroup({
  title,
  hint,
  options,
  label,
  onToggle,
  testId,
}: {
  title: string;
  hint?: string;
  options: ReturnType<typeof facetOptions>;
  label: (value: string) => string;
  onToggle: (value: string, on: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? options : options.slice(0, SHOWN_OPTIONS);
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fw={600} size="sm" title={hint}>
        {title}
      </Text>
      {options.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('search.filters.none')}
        </Text>
      )}
      {shown.map((option) => (
        <Group key={option.value} justify="space-between" wrap="nowrap" gap="xs">
          <Checkbox
            size="xs"
            label={label(option.value)}
            checked={option.selected}
            onChange={(event) => onToggle(option.value, event.currentTarget.checked)}
            styles={{ label: { wordBreak: 'break-word' } }}
            data-testid="facet-option"
            data-value={option.value}
          />
          {option.count !== null && (
            <Badge size="xs" variant="light" color="gray" data-testid="facet-count">
              {formatNumber(option.count, i18n.resolvedLanguage ?? 'en')}
            </Badge>
          )}
        </Group>
      ))}
      {options.length > SHOWN_OPTIONS && (
        <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((e) => !e)}>
          {expanded ? t('search.filters.showFewer') : t('search.filters.showAll', { count: options.length })}
        </Anchor>
      )}
    </Stack>
  );
}
