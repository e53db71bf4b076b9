import { NumberInput, SegmentedControl } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type THighresDeletionMode = 'date' | 'days';

/** When a high res is to be deleted: at a date, or a number of days after ingest (the item's own). */
export function useHighresDeletionWhen(initial: THighresDeletionMode) {
  const [mode, setMode] = useState<THighresDeletionMode>(initial);
  const [at, setAt] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>(30);
  const when = mode === 'date' ? (at ? { at: dayjs(at).toDate().toISOString() } : null) : { afterDays: Number(days) };
  return { mode, setMode, at, setAt, days, setDays, when, first: initial };
}

export type THighresDeletionWhen = ReturnType<typeof useHighresDeletionWhen>;

/** The choice of date or days after ingest and its field; `testIdPrefix` names the date and days fields. */
export function HighresDeletionWhenFields({
  state,
  testIdPrefix,
}: {
  state: THighresDeletionWhen;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const options = [
    { value: 'date', label: t('highresDeletion.modeDate') },
    { value: 'days', label: t('highresDeletion.modeDays') },
  ];
  return (
    <>
      <SegmentedControl
        size="xs"
        aria-label={t('highresDeletion.mode')}
        value={state.mode}
        onChange={(value) => state.setMode(value as THighresDeletionMode)}
        data={state.first === 'date' ? options : [...options].reverse()}
      />
      {state.mode === 'date' ? (
        <DateTimePicker
          size="xs"
          label={t('highresDeletion.date')}
          value={state.at}
          onChange={state.setAt}
          valueFormat="L LT"
          minDate={new Date()}
          data-testid={`${testIdPrefix}-date`}
        />
      ) : (
        <NumberInput
          size="xs"
          label={t('highresDeletion.days')}
          min={0}
          allowDecimal={false}
          value={state.days}
          onChange={state.setDays}
          data-testid={`${testIdPrefix}-days`}
        />
      )}
    </>
  );
}
