import type { RouterOutputs } from '../../lib/trpc';

export type TItem = RouterOutputs['items']['get'];
