import type { Access } from '@mam/core';
import { z } from 'zod';

/**
 * An access setting as sent by clients: any value gets through here so that core's parseAccess can answer with the
 * spec's own messages ('Bad visibleTo', 'Bad updatableBy') instead of a generic validation failure. null lifts the
 * restriction; leaving the field out keeps the current setting.
 */
export const ZAccessInput = z
  .custom<Access | null>(() => true)
  .describe('{ level: "tenant" | "owner" | "selected_groups", groups: group ids } or null for no restriction');
