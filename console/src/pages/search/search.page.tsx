import {
  Anchor,
  Alert,
  Box,
  Center,
  Checkbox,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutGrid, IconList, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { IconAction } from '../../components/icon-action';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { HomeGettingStarted, useOnUploaded } from '../../features/upload';
import { errorMessage } from '../../lib/app-error';
import { usePreferences } from '../../lib/preferences';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { TILE_SELECTION_LIMIT, toggleSelection } from '../folders/item-state';
import { ActiveFiltersBar } from './active-filters.bar';
import { QuickPreviewModal } from './quick-preview.modal';
import { SearchBox } from './search-box';
import { fieldCatalogue, sortableFields } from './search-fields.catalogue';
import { SearchFiltersPanel } from './search-filters.panel';
import { SearchHitTile } from './search-hit.tile';
import { SearchHitsList } from './search-hits.list';
import type { TLogMatch } from './log-match.links';
import { selectedHits, uniqueById } from './search-hits.rules';
import { SearchBulkActions } from './search-bulk-actions';
import { SearchExportButton } from './search-export.button';
import { SearchSelectionContext, type TSearchSelection } from './search-selection.context';
import {
  parseSearchParams,
  resultSetKey,
  toSearchInput,
  toSearchParams,
  type TSearchState,
  type TSearchView,
} from './search-url.state';
import { SortMenu } from './sort.menu';
import { useInfiniteScroll } from './use-infinite-scroll';
import { queryProblemOf, useSearchResults } from './use-search-results';
import { localForms, useVocabulary } from '../../lib/vocabulary';
import { formatNumber } from '../../lib/format';

const viewKey = 'mam.search.view';

function storedView(): TSearchView {
  try {
    return globalThis.localStorage?.getItem(viewKey) === 'list' ? 'list' : 'tiles';
  } catch {
    return 'tiles';
  }
}

function storeView(view: TSearchView) {
  try {
    globalThis.localStorage?.setItem(viewKey, view);
  } catch {
    // Private mode: the URL still carries the choice.
  }
}

/**
 * Item search, the home screen (routes `/` and `/search-item`). The URL holds the whole search (query, filters,
 * order, view), so it can be bookmarked and shared. `toolbar` is a slot for actions on the selected hits, which
 * read them with `useSearchSelection()`.
 */
export default function SearchPage({ toolbar }: { toolbar?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const { timeZone } = usePreferences();
  const session = useSession().data;
  const [lastView, setLastView] = useState<TSearchView>(storedView);
  const view = state.view ?? lastView;

  // Only administrators may read the tenant configuration; for others the server's default is shown as 'assets'.
  const forms = trpc.metadataForms.list.useQuery(undefined, { staleTime: 60_000 });
  const words = useVocabulary();
  const catalogue = useMemo(
    () => fieldCatalogue(localForms(words, forms.data ?? []).map((f) => f.form)),
    [forms.data, words],
  );
  const sortFields = useMemo(() => sortableFields(catalogue, i18n.resolvedLanguage ?? 'en'), [catalogue, i18n]);

  const searchInput = toSearchInput(state, timeZone);
  const results = useSearchResults(searchInput);
  const first = results.data?.pages[0];
  const hits = useMemo(() => uniqueById(results.data?.pages.map((p) => p.hits) ?? []), [results.data]);
  const logMatches = useMemo(
    () => Object.assign({}, ...(results.data?.pages.map((p) => p.logMatches) ?? [])) as Record<string, TLogMatch[]>,
    [results.data],
  );
  const problem = queryProblemOf(results.error);
  // A file dropped or picked anywhere shows up here once it is in.
  useOnUploaded(() => void results.refetch());
  const sentinel = useInfiniteScroll(results);

  // Creator names come with the facet counts; a creator filtered on keeps its name once the counts change.
  const [creatorLabels, setCreatorLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const creators = first?.facets?.createdBy;
  if (creators?.some((c) => creatorLabels.get(c.value) !== c.label)) {
    setCreatorLabels(new Map([...creatorLabels, ...creators.map((c) => [c.value, c.label] as const)]));
  }

  // A new query or filter starts a new selection; a change of order or view keeps it.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const setKey = resultSetKey(state);
  const [selectionKey, setSelectionKey] = useState(setKey);
  if (selectionKey !== setKey) {
    setSelectionKey(setKey);
    setSelected(new Set());
  }
  const [previewId, setPreviewId] = useState<string | null>(null);
  const previewed = previewId ? hits.find((hit) => hit.id === previewId) : undefined;

  const navigate = (next: TSearchState, options: { replace?: boolean } = {}) =>
    setParams(toSearchParams(next), { replace: options.replace ?? false });

  const limitNotice = () =>
    notifications.show({ color: 'orange', message: t('items.selectionLimit', { count: TILE_SELECTION_LIMIT }) });

  function select(ids: string[], on: boolean) {
    const limit = view === 'tiles' ? TILE_SELECTION_LIMIT : Infinity;
    const { selection, capped } = toggleSelection(selected, ids, on, limit);
    setSelected(selection);
    if (capped) limitNotice();
  }

  function setView(next: TSearchView) {
    setLastView(next);
    storeView(next);
    navigate({ ...state, view: next }, { replace: true });
    if (next === 'tiles' && selected.size > TILE_SELECTION_LIMIT) {
      setSelected(new Set([...selected].slice(0, TILE_SELECTION_LIMIT)));
      limitNotice();
    }
  }

  const selectedItems = selectedHits(hits, selected);
  const selection: TSearchSelection = {
    ids: selectedItems.map((hit) => hit.id),
    items: selectedItems,
    clear: () => setSelected(new Set()),
    refresh: () => void results.refetch(),
  };
  const allSelected = hits.length > 0 && hits.every((hit) => selected.has(hit.id));
  const someSelected = selectedItems.length > 0;
  const total = first?.total ?? 0;
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <Stack gap="md">
      <PageHeader title={t('search.title')} />
      <SearchBox
        query={state.q}
        onSearch={(q) => navigate({ ...state, q })}
        typeFilter={state.typeFilter ?? session?.tenant.defaultSearchFilter ?? 'assets'}
        onTypeFilter={(typeFilter) => navigate({ ...state, typeFilter })}
        problem={problem}
        warnings={first?.warnings ?? []}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <SearchFiltersPanel
            state={state}
            facets={first?.facets ?? undefined}
            catalogue={catalogue}
            creatorLabels={creatorLabels}
            onChange={(next) => navigate(next)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <SearchSelectionContext.Provider value={selection}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Checkbox
                    aria-label={t('items.selectAll')}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    disabled={hits.length === 0}
                    onChange={() =>
                      someSelected
                        ? setSelected(new Set())
                        : select(
                            hits.map((hit) => hit.id),
                            true,
                          )
                    }
                    data-testid="select-all"
                  />
                  <Text size="sm" fw={500} data-testid="search-total" data-total={first ? total : undefined}>
                    {first ? t('search.total', { count: total, total: formatNumber(total, language) }) : ' '}
                  </Text>
                  {someSelected && (
                    <Text size="sm" c="dimmed" data-testid="selection-count">
                      {t('items.selected', { count: selectedItems.length })}
                    </Text>
                  )}
                  {results.isFetching && !results.isFetchingNextPage && <Loader size="xs" />}
                  {toolbar ?? <SearchBulkActions />}
                </Group>
                <Group gap="xs">
                  <SearchExportButton search={searchInput} total={total} />
                  <IconAction
                    label={t('common.refresh')}
                    onClick={() => void results.refetch()}
                    data-testid="refresh-search"
                  >
                    <IconRefresh size={16} />
                  </IconAction>
                  <SortMenu
                    sort={state.sort}
                    query={state.q}
                    fields={sortFields}
                    onChange={(sort) => navigate({ ...state, sort })}
                  />
                  <SegmentedControl
                    size="xs"
                    value={view}
                    onChange={(value) => setView(value === 'list' ? 'list' : 'tiles')}
                    data={[
                      {
                        value: 'tiles',
                        label: (
                          <Tooltip label={t('items.tiles')}>
                            <Center data-testid="view-tiles">
                              <IconLayoutGrid size={16} aria-label={t('items.tiles')} />
                            </Center>
                          </Tooltip>
                        ),
                      },
                      {
                        value: 'list',
                        label: (
                          <Tooltip label={t('items.list')}>
                            <Center data-testid="view-list">
                              <IconList size={16} aria-label={t('items.list')} />
                            </Center>
                          </Tooltip>
                        ),
                      },
                    ]}
                    data-testid="view-toggle"
                  />
                </Group>
              </Group>
              <ActiveFiltersBar
                state={state}
                catalogue={catalogue}
                creatorLabels={creatorLabels}
                onChange={(next) => navigate(next)}
              />

              {first?.suggestion && (
                <Text size="sm" data-testid="did-you-mean">
                  <Trans
                    i18nKey="searchLists.didYouMean"
                    values={{ query: first.suggestion }}
                    components={{
                      query: (
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          fs="italic"
                          onClick={() => navigate({ ...state, q: first.suggestion! })}
                          data-testid="did-you-mean-link"
                        />
                      ),
                    }}
                  />
                </Text>
              )}
              {results.error && !problem && <Alert color="red">{errorMessage(t, results.error)}</Alert>}
              {results.isLoading && (
                <Center py="xl">
                  <Loader size="sm" />
                </Center>
              )}
              {first && !results.error && hits.length === 0 && resultSetKey(state) === '' && <HomeGettingStarted />}
              {first && !results.error && hits.length === 0 && resultSetKey(state) !== '' && (
                <Text c="dimmed" size="sm" ta="center" py="xl" data-testid="search-empty">
                  {t('search.empty')}
                </Text>
              )}
              {!results.error &&
                hits.length > 0 &&
                (view === 'tiles' ? (
                  <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} spacing="sm" data-testid="search-tiles">
                    {hits.map((item) => (
                      <SearchHitTile
                        key={item.id}
                        item={item}
                        selected={selected.has(item.id)}
                        onSelect={(on) => select([item.id], on)}
                        onPreview={() => setPreviewId(item.id)}
                        logMatches={logMatches[item.id]}
                      />
                    ))}
                  </SimpleGrid>
                ) : (
                  <SearchHitsList
                    hits={hits}
                    selected={selected}
                    onSelect={select}
                    onPreview={(item) => setPreviewId(item.id)}
                    logMatches={logMatches}
                  />
                ))}
              {!results.error && (
                <>
                  <Box ref={sentinel} h={1} data-testid="search-sentinel" />
                  <LoadMore query={results} />
                </>
              )}
            </Stack>
          </SearchSelectionContext.Provider>
        </Grid.Col>
      </Grid>
      {previewed && <QuickPreviewModal item={previewed} onClose={() => setPreviewId(null)} />}
    </Stack>
  );
}
