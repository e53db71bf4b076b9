import type { TMetadataForm } from '@mam/core';
import type { TTenantRow } from '@mam/db';

/** What a search is planned from besides its input: the tenant's row (its settings) and its forms that parse. */
export interface TSearchSettings {
  tenant: TTenantRow;
  forms: TMetadataForm[];
}

export interface TSearchSettingsDeps {
  /** The settings as stored now. */
  read(tenantId: string): Promise<TSearchSettings>;
  /** Their token as of now (the item-search repository's searchSettingsToken). */
  token(tenantId: string): Promise<string>;
}

/** Tenants whose settings are kept; the longest kept goes first. */
const TENANTS_KEPT = 1_000;

/**
 * The tenants' search settings kept in memory with the token they were read under, so that a search plans from them
 * at once and checks them by the token read beside its statements, instead of reading them before every search: a
 * round trip of two reads, a tenth of a quick search's time. Each process keeps its own, and a change made by any
 * process (or by hand in the database) is seen by the next search, since the token comes from the database. The
 * token is read before the settings: a change between the two leaves an older token beside newer settings, which the
 * next check finds changed and reads again, never newer settings trusted under an old token. The token is read at
 * the same time as the search runs, by a statement of its own (a tenth of a millisecond), not in the search's
 * statements' snapshot: as with settings read just before a search, a change landing during one is seen by the next.
 */
export function createSearchSettings(deps: TSearchSettingsDeps) {
  const kept = new Map<string, { token: string; settings: TSearchSettings }>();

  async function fresh(tenantId: string): Promise<TSearchSettings> {
    const token = await deps.token(tenantId);
    const settings = await deps.read(tenantId);
    kept.delete(tenantId);
    if (kept.size >= TENANTS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(tenantId, { token, settings });
    return settings;
  }

  return {
    /**
     * `search` planned from the tenant's kept settings, their token read at the same time, and its outcome kept when
     * the token is still theirs; else (none kept, or changed since) planned and run again from fresh ones. Planning
     * from kept settings may fail where fresh ones would not (a field just added is still unknown to them): the
     * failure stands only when the token shows nothing changed.
     */
    async withSettings<T>(tenantId: string, search: (settings: TSearchSettings) => Promise<T>): Promise<T> {
      const known = kept.get(tenantId);
      if (known) {
        const [outcome, token] = await Promise.all([
          search(known.settings).then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          ),
          deps.token(tenantId),
        ]);
        if (token === known.token) {
          if ('error' in outcome) throw outcome.error;
          return outcome.result;
        }
      }
      return search(await fresh(tenantId));
    },
  };
}
