import { AppError, bindKeyOf, can, isAdmin, type TLiveInputFacts, type TLiveSourceState } from '@mam/core';
import { LiveNetworks, livePortRegistry, openLiveInput, probeLiveInput, resolveFfmpeg } from '@mam/workers';
import type { AuthedActor } from '../actor.service';
import type { ServiceDeps } from '../service-deps';
import type { LiveSourceService } from './live-source.service';

export interface TLiveSourceStatus {
  state: TLiveSourceState;
  input: TLiveInputFacts | null;
  /** The current picture as a JPEG data URL, refreshed with the state. */
  thumbnail: string | null;
  checkedAt: string;
}

/** A probe answers for this long: pages that poll every few seconds, and several viewers, share one ffmpeg run. */
const FRESH_MS = 4000;

/**
 * Source state on demand (issue 25): a probe runs only when someone asks (the admin page polls while open), its
 * answer is shared for a few seconds, and a source whose socket the recorder holds is `recording` without one.
 */
export function createLiveSourceMonitor(deps: ServiceDeps, sources: LiveSourceService) {
  const networks = deps.config.liveSourceNetworks ?? new LiveNetworks([]);
  const cache = new Map<string, { at: number; status: Promise<TLiveSourceStatus> }>();
  let tools: ReturnType<typeof resolveFfmpeg> | null = null;

  async function probe(tenantId: string, id: string): Promise<TLiveSourceStatus> {
    const source = await sources.get(tenantId, id);
    const checkedAt = deps.clock().toISOString();
    const bindKey = bindKeyOf(source);
    if (bindKey && !livePortRegistry.claim(bindKey, 'probe')) {
      const holder = livePortRegistry.holder(bindKey);
      // A preview holds the socket only while it receives a picture.
      const state = holder === 'recorder' ? 'recording' : holder === 'preview' ? 'ready' : 'offline';
      return { state, input: null, thumbnail: null, checkedAt };
    }
    try {
      tools ??= resolveFfmpeg();
      const input = await openLiveInput(source, { networks, timeoutSeconds: 3 });
      const result = await probeLiveInput(input, await tools, { timeoutSeconds: 8 }).finally(() => input.close());
      if (!result) return { state: 'offline', input: null, thumbnail: null, checkedAt };
      const thumbnail = result.thumbnail ? `data:image/jpeg;base64,${result.thumbnail.toString('base64')}` : null;
      return { state: 'ready', input: result.facts, thumbnail, checkedAt };
    } catch (error) {
      deps.logger.warn({ tenantId, sourceId: id, error: (error as Error).message }, 'live source probe failed');
      return { state: 'offline', input: null, thumbnail: null, checkedAt };
    } finally {
      if (bindKey) livePortRegistry.release(bindKey, 'probe');
    }
  }

  return {
    /** `maxAgeMs`: how old a shared answer may be (a start takes one the console's page asked for a while ago). */
    async status(actor: AuthedActor, id: string, options: { maxAgeMs?: number } = {}): Promise<TLiveSourceStatus> {
      if (!isAdmin(actor) && !can(actor, 'liveRecording')) throw new AppError('FORBIDDEN');
      const key = `${actor.tenantId}:${id}`;
      const now = deps.clock().getTime();
      const cached = cache.get(key);
      if (cached && now - cached.at < (options.maxAgeMs ?? FRESH_MS)) return cached.status;
      const status = probe(actor.tenantId, id);
      cache.set(key, { at: now, status });
      status.catch(() => cache.delete(key));
      return status;
    },
  };
}

export type LiveSourceMonitor = ReturnType<typeof createLiveSourceMonitor>;
