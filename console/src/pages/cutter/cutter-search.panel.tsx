import { Alert, Box, Button, Center, Collapse, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/app-error';
import { usePreferences } from '../../lib/preferences';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { localForms, useVocabulary } from '../../lib/vocabulary';
import { ActiveFiltersBar } from '../search/active-filters.bar';
import { QuickPreviewModal } from '../search/quick-preview.modal';
import { SearchBox } from '../search/search-box';
import { fieldCatalogue } from '../search/search-fields.catalogue';
import { SearchFiltersPanel } from '../search/search-filters.panel';
import { SearchHitTile } from '../search/search-hit.tile';
import { uniqueById } from '../search/search-hits.rules';
import { parseSearchParams, toSearchInput, toSearchParams, type TSearchState } from '../search/search-url.state';
import { useInfiniteScroll } from '../search/use-infinite-scroll';
import { queryProblemOf, useSearchResults, type TSearchHit } from '../search/use-search-results';

/** URL parameters of the cutter itself, kept when the search changes. */
const ownParams = ['sequence'];

/**
 * The search screen's query box, filters and hits beside the cutter (spec section 2: the same screen as search);
 * the search lives in the URL as there. Opening a hit loads it into the source player instead of its page.
 */
export function CutterSearchPanel({ onOpen, openId }: { onOpen: (hit: TSearchHit) => void; openId: string | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const { timeZone } = usePreferences();
  const session = useSession().data;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [previewId, setPreviewId] = useState<string | null>(null);

  const forms = trpc.metadataForms.list.useQuery(undefined, { staleTime: 60_000 });
  const words = useVocabulary();
  const catalogue = useMemo(
    () => fieldCatalogue(localForms(words, forms.data ?? []).map((f) => f.form)),
    [forms.data, words],
  );
  const results = useSearchResults(toSearchInput(state, timeZone));
  const first = results.data?.pages[0];
  const hits = useMemo(() => uniqueById(results.data?.pages.map((p) => p.hits) ?? []), [results.data]);
  const problem = queryProblemOf(results.error);
  const sentinel = useInfiniteScroll(results);
  const creators = first?.facets?.createdBy;
  const creatorLabels = useMemo(() => new Map(creators?.map((c) => [c.value, c.label] as const)), [creators]);
  const previewed = previewId ? hits.find((hit) => hit.id === previewId) : undefined;

  const navigate = (next: TSearchState) => {
    const merged = toSearchParams(next);
    for (const name of ownParams) {
      const value = params.get(name);
      if (value) merged.set(name, value);
    }
    setParams(merged);
  };

  return (
    <Stack gap="sm" data-testid="cutter-search">
      <SearchBox
        query={state.q}
        onSearch={(q) => navigate({ ...state, q })}
        typeFilter={state.typeFilter ?? session?.tenant.defaultSearchFilter ?? 'assets'}
        onTypeFilter={(typeFilter) => navigate({ ...state, typeFilter })}
        problem={problem}
        warnings={first?.warnings ?? []}
      />
      <Box>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconFilter size={14} />}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          data-testid="cutter-filters-toggle"
        >
          {t('cutter.filters')}
        </Button>
        <Collapse expanded={filtersOpen}>
          <SearchFiltersPanel
            state={state}
            facets={first?.facets ?? undefined}
            catalogue={catalogue}
            creatorLabels={creatorLabels}
            onChange={navigate}
          />
        </Collapse>
      </Box>
      <ActiveFiltersBar state={state} catalogue={catalogue} creatorLabels={creatorLabels} onChange={navigate} />
      {results.error && !problem && <Alert color="red">{errorMessage(t, results.error)}</Alert>}
      {results.isLoading && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {first && !results.error && hits.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="xl" data-testid="search-empty">
          {t('search.empty')}
        </Text>
      )}
      <SimpleGrid cols={2} spacing="xs" data-testid="search-tiles">
        {hits.map((hit) => (
          <SearchHitTile
            key={hit.id}
            item={hit}
            selected={hit.id === openId}
            onOpen={() => onOpen(hit)}
            onPreview={() => setPreviewId(hit.id)}
          />
        ))}
      </SimpleGrid>
      {!results.error && (
        <>
          <Box ref={sentinel} h={1} />
          <LoadMore query={results} />
        </>
      )}
      {previewed && <QuickPreviewModal item={previewed} onClose={() => setPreviewId(null)} />}
    </Stack>
  );
}
