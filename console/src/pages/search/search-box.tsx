import { Alert, Box, Button, Code, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorExcerpt } from './query-error.excerpt';
import { QueryHelpPopover } from './query-help.popover';
import type { TTypeFilter } from './search-url.state';
import type { TQueryProblem, TSearchResult } from './use-search-results';

const MAX_QUERY = 2000;

/** The query box (Enter searches), its syntax help, and the type filter; the parse error or warning below it. */
export function SearchBox({
  query,
  onSearch,
  typeFilter,
  onTypeFilter,
  problem,
  warnings,
}: {
  /** The query of the search shown (from the URL). */
  query: string;
  onSearch: (query: string) => void;
  typeFilter: TTypeFilter;
  onTypeFilter: (filter: TTypeFilter) => void;
  problem: TQueryProblem | null;
  warnings: TSearchResult['warnings'];
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query);
  // Back, forward or a link changes the search: the box follows, dropping an unsent edit.
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setDraft(query);
  }

  return (
    <Stack gap={6}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft.trim());
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            maxLength={MAX_QUERY}
            leftSection={<IconSearch size={16} />}
            rightSection={<QueryHelpPopover onPick={onSearch} />}
            rightSectionPointerEvents="all"
            error={!!problem}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-autofocus
            data-testid="search-input"
          />
          <Button type="submit" data-testid="search-submit">
            {t('search.submit')}
          </Button>
          <SegmentedControl
            value={typeFilter}
            onChange={(value) => onTypeFilter(value === 'all' ? 'all' : 'assets')}
            data={[
              { value: 'assets', label: t('search.typeFilter.assets') },
              { value: 'all', label: t('search.typeFilter.all') },
            ]}
            aria-label={t('search.typeFilter.label')}
            data-testid="type-filter"
          />
        </Group>
      </form>
      {problem && <QueryProblem query={query} problem={problem} />}
      {!problem &&
        warnings.map((warning) => (
          <Alert
            key={warning.code}
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={16} />}
            p="xs"
            data-testid="search-warning"
          >
            <Text size="sm">
              {i18n.exists(`search.warnings.${warning.code}`) ? t(`search.warnings.${warning.code}`) : warning.message}
            </Text>
          </Alert>
        ))}
    </Stack>
  );
}

/** Why the query was refused, with the place it went wrong marked in the query. */
function QueryProblem({ query, problem }: { query: string; problem: TQueryProblem }) {
  const { t } = useTranslation();
  const reason =
    problem.reasonCode && i18n.exists(`search.parseErrors.${problem.reasonCode}`)
      ? t(`search.parseErrors.${problem.reasonCode}`)
      : problem.reason;
  const excerpt = errorExcerpt(query, problem.position);
  return (
    <Box data-testid="search-error" data-position={problem.position} data-reason={problem.reasonCode ?? undefined}>
      <Text size="sm" c="red" role="alert">
        {t('errors.SEARCH_QUERY_INVALID', { position: problem.position, reason })}
      </Text>
      <Code block mt={4} style={{ whiteSpace: 'pre' }} data-testid="search-error-excerpt">
        {excerpt.clippedStart && '…'}
        {excerpt.before}
        <Text
          span
          inherit
          c="red"
          fw={700}
          style={{ textDecoration: 'underline wavy', textUnderlineOffset: 3 }}
          data-testid="search-error-mark"
        >
          {excerpt.at || ' '}
        </Text>
        {excerpt.after}
        {excerpt.clippedEnd && '…'}
        {'\n'}
        {' '.repeat((excerpt.clippedStart ? 1 : 0) + excerpt.before.length)}
        <Text span inherit c="red">
          ^
        </Text>
      </Code>
    </Box>
  );
}
