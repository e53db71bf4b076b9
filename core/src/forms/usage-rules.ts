import { z } from 'zod';
import { AppError } from '../errors/app-error';
import type { AppIssue } from '../validation/zod-issues';
import { isIsoDateTime, isoDateEndUtc, isoDateStartUtc } from '../validation/iso-date.schema';
import { coded, commonCode, toCodedIssues } from './form-issues';

/** Usage rules are stored as timed metadata of this type (spec section 9). */
export const USAGE_RULE_TYPE_KEY = 'timed-metadata';
export const USAGE_RULE_DEFAULT_COLOR = '#5daec1fa';

/** How prominently the usage rules tab shows a rule; the spec names only the default, 'warning'. */
export const usageRuleSeverities = ['info', 'warning', 'error'] as const;
export type UsageRuleSeverity = (typeof usageRuleSeverities)[number];
export const USAGE_RULE_DEFAULT_SEVERITY: UsageRuleSeverity = 'warning';

/** When users are warned about a validity: all the time, once it nears or passes its end, or not at all. */
export const usageRuleWarningLevels = ['always', 'upon_expiry', 'never'] as const;
export type UsageRuleWarningLevel = (typeof usageRuleWarningLevels)[number];
export const USAGE_RULE_DEFAULT_WARNING_LEVEL: UsageRuleWarningLevel = 'upon_expiry';

export const validityOffsets = ['ingest_time', 'absolute', 'forever'] as const;
export type ValidityOffset = (typeof validityOffsets)[number];

/** A validity ending within this many days counts as 'expiring'. */
export const USAGE_RULE_EXPIRING_DAYS = 7;

const DAY_MS = 86_400_000;
// A thousand years keeps ingest time + days inside the range a Date can hold.
const MAX_DAYS = 365_000;

/** One end of a validity, normalised so only the setting its offsetFrom uses is filled in. */
export type TValidityEnd =
  | { offsetFrom: 'ingest_time'; untilNumberOfDays: number; absoluteDate: null }
  | { offsetFrom: 'absolute'; untilNumberOfDays: null; absoluteDate: string }
  | { offsetFrom: 'forever'; untilNumberOfDays: null; absoluteDate: null };

const FOREVER: TValidityEnd = { offsetFrom: 'forever', untilNumberOfDays: null, absoluteDate: null };

/** 'YYYY-MM-DD' (a whole day) or an ISO date-time with a zone. */
function isAbsoluteDate(value: string): boolean {
  return isoDateStartUtc(value) !== null || isIsoDateTime(value);
}

/** Day counts arrive as numbers or, from older clients, as numeric strings. */
function dayCount(value: unknown): number | null {
  const days = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_DAYS ? days : null;
}

export const ZValidityEnd = z
  .strictObject({
    offsetFrom: z.enum(validityOffsets),
    untilNumberOfDays: z.union([z.number(), z.string()]).nullish(),
    absoluteDate: z.string().nullish(),
  })
  .transform((end, context): TValidityEnd => {
    switch (end.offsetFrom) {
      case 'forever':
        return FOREVER;
      case 'ingest_time': {
        const days = dayCount(end.untilNumberOfDays);
        if (days !== null) return { offsetFrom: 'ingest_time', untilNumberOfDays: days, absoluteDate: null };
        context.addIssue({ code: 'custom', path: ['untilNumberOfDays'], ...coded('USAGE_RULE_DAYS_INVALID') });
        return z.NEVER;
      }
      case 'absolute': {
        const date = end.absoluteDate?.trim() ?? '';
        if (isAbsoluteDate(date)) return { offsetFrom: 'absolute', untilNumberOfDays: null, absoluteDate: date };
        context.addIssue({ code: 'custom', path: ['absoluteDate'], ...coded('USAGE_RULE_DATE_INVALID') });
        return z.NEVER;
      }
    }
  });

/** Start instant of a validity end in ms; -Infinity for forever. */
function startOf(end: TValidityEnd, ingestMs: number): number {
  switch (end.offsetFrom) {
    case 'forever':
      return -Infinity;
    case 'ingest_time':
      return ingestMs + end.untilNumberOfDays * DAY_MS;
    case 'absolute':
      return isoDateStartUtc(end.absoluteDate) ?? Date.parse(end.absoluteDate);
  }
}

/** End instant (exclusive) in ms; a date as 'to' includes that whole day (UTC); Infinity for forever. */
function endOf(end: TValidityEnd, ingestMs: number): number {
  switch (end.offsetFrom) {
    case 'forever':
      return Infinity;
    case 'ingest_time':
      return ingestMs + end.untilNumberOfDays * DAY_MS;
    case 'absolute':
      return isoDateEndUtc(end.absoluteDate) ?? Date.parse(end.absoluteDate);
  }
}

/** Both ends measured from the same origin, so their order is known without an item; an empty window fails too. */
function comparable(from: TValidityEnd, to: TValidityEnd): boolean {
  return from.offsetFrom === to.offsetFrom && from.offsetFrom !== 'forever';
}

/** A required text: missing and blank both fail with the rule's own code. */
function requiredText(code: Parameters<typeof coded>[0]) {
  return z
    .string()
    .nullish()
    .transform((text) => text?.trim() ?? '')
    .refine((text) => text !== '', coded(code));
}

export const ZUsageRuleContext = z
  .strictObject({
    name: requiredText('USAGE_RULE_NAME_REQUIRED'),
    validity: z.strictObject({ from: ZValidityEnd, to: ZValidityEnd }).default({ from: FOREVER, to: FOREVER }),
    warningLevel: z
      .unknown()
      .optional()
      .transform((level, context): UsageRuleWarningLevel => {
        if (level === undefined || level === null) return USAGE_RULE_DEFAULT_WARNING_LEVEL;
        const known = usageRuleWarningLevels.find((candidate) => candidate === level);
        if (known !== undefined) return known;
        context.addIssue({ code: 'custom', ...coded('USAGE_RULE_WARNING_LEVEL') });
        return z.NEVER;
      }),
  })
  .superRefine(({ validity: { from, to } }, context) => {
    if (comparable(from, to) && startOf(from, 0) >= endOf(to, 0)) {
      context.addIssue({ code: 'custom', path: ['validity', 'to'], ...coded('USAGE_RULE_VALIDITY_ORDER') });
    }
  });

export const ZUsageRuleGroup = z.strictObject({
  identifier: z
    .strictObject({
      key: requiredText('USAGE_RULE_IDENTIFIER_REQUIRED'),
      label: requiredText('USAGE_RULE_IDENTIFIER_REQUIRED'),
    })
    // A missing identifier is the same mistake as a blank key and label, so it gets their code on both.
    .prefault({}),
  color: z
    .string()
    .trim()
    .regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'Enter a colour such as #5daec1fa')
    .default(USAGE_RULE_DEFAULT_COLOR),
  severity: z.enum(usageRuleSeverities).default(USAGE_RULE_DEFAULT_SEVERITY),
  contexts: z.array(ZUsageRuleContext).default([]),
});

export type TUsageRuleContext = z.output<typeof ZUsageRuleContext>;
export type TUsageRuleGroup = z.output<typeof ZUsageRuleGroup>;
export type TUsageRuleGroupInput = z.input<typeof ZUsageRuleGroup>;

/** A new context as the editor starts it: valid from and to forever, warned about upon expiry (spec section 9). */
export function defaultUsageRuleContext(name: string): TUsageRuleContext {
  return { name, validity: { from: FOREVER, to: FOREVER }, warningLevel: USAGE_RULE_DEFAULT_WARNING_LEVEL };
}

export function defaultUsageRuleGroup(identifier: { key: string; label: string }): TUsageRuleGroup {
  return { identifier, color: USAGE_RULE_DEFAULT_COLOR, severity: USAGE_RULE_DEFAULT_SEVERITY, contexts: [] };
}

/**
 * Every problem of a usage rule group, each with its rule's code (USAGE_RULE_*) and a dotted path such as
 * 'contexts.0.validity.to.untilNumberOfDays'; shape problems (unknown keys, wrong types) are VALIDATION_FAILED.
 */
export function validateUsageRuleGroup(input: unknown, prefix?: string): AppIssue[] {
  const parsed = ZUsageRuleGroup.safeParse(input);
  return parsed.success ? [] : toCodedIssues(parsed.error, 'VALIDATION_FAILED', prefix);
}

/** Parses and normalises a group; throws AppError with every issue (its code when all issues share one). */
export function parseUsageRuleGroup(input: unknown): TUsageRuleGroup {
  const parsed = ZUsageRuleGroup.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = toCodedIssues(parsed.error, 'VALIDATION_FAILED');
  throw new AppError(commonCode(issues), { issues });
}

export const usageRuleStates = ['not_yet_valid', 'active', 'expiring', 'expired'] as const;
export type UsageRuleState = (typeof usageRuleStates)[number];

export interface TUsageRuleContextStatus {
  name: string;
  state: UsageRuleState;
  warningLevel: UsageRuleWarningLevel;
  /** Whether the tab shows the warning now: always, upon expiry while expiring or expired, never. */
  warn: boolean;
  /** Null for an open end (forever). */
  validFrom: Date | null;
  /** Exclusive: the first instant the context no longer applies. Null for forever. */
  validUntil: Date | null;
}

function shouldWarn(level: UsageRuleWarningLevel, state: UsageRuleState): boolean {
  switch (level) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'upon_expiry':
      return state === 'expiring' || state === 'expired';
  }
}

function stateAt(nowMs: number, fromMs: number, untilMs: number): UsageRuleState {
  if (nowMs < fromMs) return 'not_yet_valid';
  if (nowMs >= untilMs) return 'expired';
  return untilMs - nowMs <= USAGE_RULE_EXPIRING_DAYS * DAY_MS ? 'expiring' : 'active';
}

const instant = (ms: number): Date | null => (Number.isFinite(ms) ? new Date(ms) : null);

/**
 * Where each context of a group stands for one item, for the item's "Usage rules" tab. Days count from the item's
 * ingest time; absolute dates are whole UTC days, so a validity 'to' 2025-06-30 ends as 1 July begins (UTC).
 */
export function usageRuleStatus(
  group: TUsageRuleGroup,
  at: { ingestTime: Date; now: Date },
): TUsageRuleContextStatus[] {
  const ingestMs = at.ingestTime.getTime();
  const nowMs = at.now.getTime();
  return group.contexts.map(({ name, validity, warningLevel }) => {
    const fromMs = startOf(validity.from, ingestMs);
    const untilMs = endOf(validity.to, ingestMs);
    const state = stateAt(nowMs, fromMs, untilMs);
    return {
      name,
      state,
      warningLevel,
      warn: shouldWarn(warningLevel, state),
      validFrom: instant(fromMs),
      validUntil: instant(untilMs),
    };
  });
}
