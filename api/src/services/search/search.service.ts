import {
  AppError,
  fieldTypesOf,
  mediaItemTypes,
  parseTenantConfig,
  viewScope,
  wholeValueFieldTypes,
  type FieldType,
} from '@mam/core';
import {
  itemSearchBindings,
  logEntrySearchBindings,
  type TFacetCount,
  type TFoundPage,
  type TItemSearchCounts,
} from '@mam/db';
import {
  compileToPostgres,
  parseQuery,
  QueryParseError,
  type ElasticsearchBackend,
  type EsSearchSort,
  type QueryNode,
  type QueryWarning,
  type SearchField,
} from '@mam/search';
import { sql } from 'drizzle-orm';
import type { AuthedActor } from '../actor.service';
import { searchFieldsOf } from './search-fields';
import { createSearchSettings, type TSearchSettings } from './search-settings';
import { splitOf } from './search-split';
import { closestWord, correctableWords, correctedQuery, SUGGEST_BELOW_HITS } from './search-suggestion';
import { toItemView, type TItemView } from '../items/item-view';
import type { MetadataFormService } from '../metadata/metadata-form.service';
import type { ServiceDeps } from '../service-deps';

const facetTypes: ReadonlySet<FieldType> = new Set(['Choice', 'MultipleChoice', 'TreeChoice', 'Checkbox']);
const MAX_FIELD_FACETS = 8;

export interface TSearchInput {
  q: string;
  /** 'assets' keeps media items; 'all' every item type. Defaults to the tenant's default search filter. */
  typeFilter?: 'assets' | 'all';
  itemTypes?: string[];
  folderId?: string;
  states?: string[];
  approvals?: string[];
  createdBy?: string[];
  createdFrom?: string;
  createdTo?: string;
  fieldValues?: Array<{ fieldId: string; values: string[] }>;
  sort?: { by: 'relevance' | 'created' | 'modified' | 'title' | 'field'; fieldId?: string; direction?: 'asc' | 'desc' };
  limit: number;
  cursor?: string;
  /** Fields to count values of; the tenant's choice fields when absent. */
  facetFields?: string[];
}

export interface TSearchFacets {
  itemType: TFacetCount[];
  state: TFacetCount[];
  approval: TFacetCount[];
  createdBy: Array<TFacetCount & { label: string }>;
  fields: Record<string, TFacetCount[]>;
}

/** One page of hits: what searchPage gives, and search with the total and facets. */
export interface TSearchPage {
  hits: TItemView[];
  warnings: QueryWarning[];
  nextCursor: string | null;
  /** By hit id: the log entries (timed metadata) the query matched, by timecode in ticks of 1/12800 s. */
  logMatches: Record<string, Array<{ entryId: string; tcIn: number; tcOut: number | null }>>;
}

/** The counts of a backend that knows the creators by id alone (Elasticsearch). */
type TUnlabelledCounts = Omit<TItemSearchCounts, 'facets'> & {
  facets: Omit<TItemSearchCounts['facets'], 'createdBy'> & { createdBy: TFacetCount[] };
};

export interface TSearchResult extends TSearchPage {
  total: number;
  facets: TSearchFacets;
  /** "Did you mean": the query with its unknown words corrected to the tenant's, when it found few hits and that finds some. */
  suggestion: string | null;
}

/** How long a tenant's search words may lag its items before a suggestion rebuilds them. */
const WORDS_MAX_LAG_MS = 10_000;

/**
 * Whether log entries take part: a query that finds something positive. Under NOT an entry without the word would
 * make its item match although the item has it, so negations search the items alone.
 */
function searchesLogEntries(node: QueryNode): boolean {
  switch (node.kind) {
    case 'all':
      return false;
    case 'not':
      return false;
    case 'and':
    case 'or':
      return node.operands.every(searchesLogEntries);
    case 'term':
    case 'phrase':
    case 'wildcard':
    case 'range':
      return true;
  }
}

/** The words a relevance rank weighs: unfielded terms and phrases outside NOT. */
function rankWords(node: QueryNode): string[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return node.field ? [] : [node.value];
    case 'and':
    case 'or':
      return node.operands.flatMap(rankWords);
    case 'all':
    case 'wildcard':
    case 'range':
    case 'not':
      return [];
  }
}

function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor)) throw new AppError('VALIDATION_FAILED');
  return Number(cursor);
}

export function createSearchService(deps: ServiceDeps, forms: MetadataFormService) {
  const { repos } = deps;

  /** The tenant's search settings as stored now (Elasticsearch's searches read them each time). */
  async function readSettings(tenantId: string): Promise<TSearchSettings> {
    const [tenant, loaded] = await Promise.all([repos.tenants.findById(tenantId), forms.loadAll(tenantId)]);
    if (!tenant) throw new AppError('NOT_FOUND');
    return { tenant, forms: loaded.map(({ form }) => form) };
  }
  const settings = createSearchSettings({
    token: (tenantId) => repos.itemSearch.settingsToken(tenantId),
    read: readSettings,
  });

  function parse(text: string, fields: SearchField[]) {
    try {
      return parseQuery(text, { fields });
    } catch (error) {
      if (!(error instanceof QueryParseError)) throw error;
      throw new AppError('SEARCH_QUERY_INVALID', {
        params: { position: error.position + 1, reason: error.message, reasonCode: error.code },
      });
    }
  }

  /** What a search asks of either backend, from the tenant's forms and settings, the actor and the input. */
  function planOf(actor: AuthedActor, input: TSearchInput, { tenant, forms: allForms }: TSearchSettings) {
    const fields = searchFieldsOf(allForms);
    const { ast, warnings } = parse(input.q, fields);
    const bindings = itemSearchBindings(actor.tenantId);

    const typeFilter = input.typeFilter ?? parseTenantConfig(tenant.config).defaultSearchFilter;
    // 'Assets' bounds the item-type facet's own counts too; its ticks are the facet's alone.
    const itemTypeScope = typeFilter === 'assets' ? [...mediaItemTypes] : undefined;
    const itemTypes = input.itemTypes?.length ? input.itemTypes : undefined;
    const formFields = new Map(allForms.flatMap((form) => form.fields.map((f) => [f.fieldId, f] as const)));
    // Facets count chosen values (the items' facet terms hold those alone), by the types item writes judge them by.
    const types = fieldTypesOf(allForms);
    const isWhole = (fieldId: string) => {
      const type = types.get(fieldId);
      return type !== undefined && wholeValueFieldTypes.has(type);
    };
    const facetFields = (
      input.facetFields ?? [...types].flatMap(([fieldId, type]) => (facetTypes.has(type) ? [fieldId] : []))
    )
      .filter((fieldId, index, all) => isWhole(fieldId) && all.indexOf(fieldId) === index)
      .slice(0, MAX_FIELD_FACETS);

    const words = rankWords(ast);
    const requested = input.sort ?? { by: words.length > 0 ? 'relevance' : 'created' };
    let sort: EsSearchSort;
    if (requested.by === 'relevance') sort = { by: 'relevance' };
    else if (requested.by === 'field') {
      const field = requested.fieldId ? formFields.get(requested.fieldId) : undefined;
      if (!field?.sortable) throw new AppError('VALIDATION_FAILED');
      sort = { by: 'field', fieldId: field.fieldId, direction: requested.direction ?? 'asc' };
    } else {
      sort = { by: requested.by, direction: requested.direction ?? (requested.by === 'title' ? 'asc' : 'desc') };
    }
    const filters = {
      itemTypes,
      itemTypeScope,
      folderId: input.folderId,
      states: input.states,
      approvals: input.approvals,
      createdBy: input.createdBy,
      createdFrom: input.createdFrom ? new Date(input.createdFrom) : undefined,
      createdTo: input.createdTo ? new Date(input.createdTo) : undefined,
      fieldValues: input.fieldValues,
    };
    const withLogEntries = searchesLogEntries(ast);
    const entryWhere = withLogEntries ? compileToPostgres(ast, logEntrySearchBindings(actor.tenantId)) : undefined;
    const offset = offsetOf(input.cursor);
    const page = { scope: viewScope(actor), filters, offset, limit: input.limit };
    return {
      actor,
      facetFields,
      warnings,
      offset,
      entryWhere,
      request: {
        es: { ...page, ast, sort },
        pg: {
          ...page,
          split: splitOf(ast, filters.folderId),
          where: compileToPostgres(ast, bindings),
          entryWhere,
          sort:
            sort.by === 'relevance'
              ? {
                  by: 'relevance' as const,
                  rank:
                    words.length > 0
                      ? sql`ts_rank(${bindings.vector}, plainto_tsquery('simple', ${words.join(' ')}))`
                      : sql`0`,
                }
              : sort,
        },
      },
    };
  }

  type TSearchPlan = ReturnType<typeof planOf>;

  /** The hits of a page's rows and the log entries the query matched on them. */
  function viewOf(plan: TSearchPlan, found: TFoundPage): Omit<TSearchPage, 'nextCursor'> {
    const logMatches: TSearchResult['logMatches'] = {};
    for (const match of found.entryMatches) {
      (logMatches[match.itemId] ??= []).push({ entryId: match.entryId, tcIn: match.tcIn, tcOut: match.tcOut });
    }
    return { hits: found.rows.map((row) => toItemView(row, plan.actor)), warnings: plan.warnings, logMatches };
  }

  /**
   * The page of ids another backend found, read from the database, which stays the record: an id the index still
   * has but the database no longer does (purged a moment ago) is left out.
   */
  async function pageOfIds(actor: AuthedActor, plan: TSearchPlan, ids: string[]) {
    const [found, entryMatches] = await Promise.all([
      repos.items.findManyWithVersion(actor.tenantId, ids),
      plan.entryWhere && ids.length > 0 ? repos.logEntries.matching(actor.tenantId, ids, plan.entryWhere) : [],
    ]);
    const byId = new Map(found.map((row) => [row.item.id, row]));
    return viewOf(plan, { rows: ids.flatMap((id) => byId.get(id) ?? []), entryMatches });
  }

  /** Another backend's counts as shown: the creator facet with the creators' names. */
  async function labelled(actor: AuthedActor, { total, facets }: TUnlabelledCounts): Promise<TItemSearchCounts> {
    const labels = await repos.itemSearch.creatorLabels(
      actor.tenantId,
      facets.createdBy.map((facet) => facet.value),
    );
    const createdBy = facets.createdBy.map((facet) => ({ ...facet, label: labels.get(facet.value) || facet.value }));
    return { total, facets: { ...facets, createdBy } };
  }

  /** A search through Elasticsearch: its ids and counts, the page's items read from the database. */
  async function searchElasticsearch(backend: ElasticsearchBackend, actor: AuthedActor, input: TSearchInput) {
    const plan = planOf(actor, input, await readSettings(actor.tenantId));
    const { ids, ...counted } = await backend.search(actor.tenantId, {
      ...plan.request.es,
      facetFields: plan.facetFields,
    });
    const [view, shown] = await Promise.all([pageOfIds(actor, plan, ids), labelled(actor, counted)]);
    return { plan, page: view, count: ids.length, ...shown };
  }

  /** A search on PostgreSQL, planned from the kept settings: the page comes with its items and creators' names. */
  function searchPostgres(actor: AuthedActor, input: TSearchInput) {
    return settings.withSettings(actor.tenantId, async (current) => {
      const plan = planOf(actor, input, current);
      const { page: found, ...counted } = await repos.itemSearch.search(actor.tenantId, {
        ...plan.request.pg,
        facetFields: plan.facetFields,
      });
      return { plan, page: viewOf(plan, found), count: found.rows.length, ...counted };
    });
  }

  /** Rebuilds of a tenant's words under way, so that searches at once wait for one rather than each start one. */
  const rebuilding = new Map<string, Promise<unknown>>();

  /** The tenant's words brought up to date when its items changed since (at most once in WORDS_MAX_LAG_MS). */
  async function freshWords(tenantId: string) {
    const running = rebuilding.get(tenantId);
    if (running) return running;
    const { stale, builtAt } = await repos.searchWords.stale(tenantId);
    if (!stale || (builtAt && Date.now() - builtAt.getTime() < WORDS_MAX_LAG_MS)) return;
    const rebuild = repos.searchWords.rebuild(tenantId).finally(() => rebuilding.delete(tenantId));
    rebuilding.set(tenantId, rebuild);
    await rebuild;
  }

  /** For the words no item of the tenant has, the closest word one has: the tenant's index's, or its word list's. */
  async function corrections(tenantId: string, words: string[]): Promise<Map<string, string>> {
    if (deps.searchBackend) return deps.searchBackend.suggest(tenantId, words);
    await freshWords(tenantId);
    const known = await repos.searchWords.known(tenantId, words);
    const found = new Map<string, string>();
    for (const word of words.filter((w) => !known.has(w))) {
      const closest = closestWord(word, await repos.searchWords.candidates(tenantId, word));
      if (closest) found.set(word, closest);
    }
    return found;
  }

  /**
   * "Did you mean" for a search with few hits: its unknown words corrected to the tenant's own, offered only when
   * the corrected search finds something the actor may see (a word of items hidden from them is never shown).
   */
  async function suggestionFor(
    actor: AuthedActor,
    input: TSearchInput,
    ast: QueryNode,
    total: number,
  ): Promise<string | null> {
    if (total >= SUGGEST_BELOW_HITS || input.cursor !== undefined) return null;
    const words = correctableWords(ast);
    if (words.length === 0) return null;
    const corrected = correctedQuery(ast, await corrections(actor.tenantId, words));
    if (corrected === null) return null;
    const { hits } = await service.searchPage(actor, { ...input, q: corrected, limit: 1, cursor: undefined });
    return hits.length > 0 ? corrected : null;
  }

  const service = {
    searchFieldsOf,

    /** Items the actor may see that match the query and filters: a page, the total and facet counts. */
    async search(actor: AuthedActor, input: TSearchInput): Promise<TSearchResult> {
      const { plan, page, count, total, facets } = deps.searchBackend
        ? await searchElasticsearch(deps.searchBackend, actor, input)
        : await searchPostgres(actor, input);
      const next = plan.offset + count;
      return {
        ...page,
        total,
        facets,
        nextCursor: count === input.limit && next < total ? String(next) : null,
        suggestion: await suggestionFor(actor, input, plan.request.es.ast, total),
      };
    },

    /**
     * The same page as search's, without the total and facets: a list's later pages, whose first page counted them
     * (counting is most of a broad search's time).
     */
    async searchPage(actor: AuthedActor, input: TSearchInput): Promise<TSearchPage> {
      // One more than the page tells whether there is a next one, with no total to compare with.
      const limit = input.limit + 1;
      const next = (offset: number, count: number) => (count > input.limit ? String(offset + input.limit) : null);
      if (deps.searchBackend) {
        const plan = planOf(actor, input, await readSettings(actor.tenantId));
        const ids = await deps.searchBackend.page(actor.tenantId, { ...plan.request.es, limit });
        return {
          ...(await pageOfIds(actor, plan, ids.slice(0, input.limit))),
          nextCursor: next(plan.offset, ids.length),
        };
      }
      const { plan, found } = await settings.withSettings(actor.tenantId, async (current) => {
        const plan = planOf(actor, input, current);
        const found = await repos.itemSearch.page(actor.tenantId, { ...plan.request.pg, limit });
        return { plan, found };
      });
      const rows = found.rows.slice(0, input.limit);
      const onPage = new Set(rows.map((row) => row.item.id));
      const entryMatches = found.entryMatches.filter((match) => onPage.has(match.itemId));
      return { ...viewOf(plan, { rows, entryMatches }), nextCursor: next(plan.offset, found.rows.length) };
    },
  };
  return service;
}

export type SearchService = ReturnType<typeof createSearchService>;
