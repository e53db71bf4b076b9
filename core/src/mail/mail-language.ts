import { isTimeZone } from '../tenant/tenant-config.schema';

/** The languages e-mails are written in: the console's. */
export const MAIL_LANGUAGES = ['en', 'nb', 'nn', 'fr'] as const;

export type TMailLanguage = (typeof MAIL_LANGUAGES)[number];

export const DEFAULT_MAIL_LANGUAGE: TMailLanguage = 'en';

/** Who reads a mail and where: the language it is written in and the time zone its dates are shown in. */
export interface TMailLocale {
  language: TMailLanguage;
  timeZone: string;
}

export function isMailLanguage(value: string): value is TMailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The mail language a language tag stands for, or null. Regional and script subtags do not matter ('nb-NO', 'fr_CA',
 * 'en-GB'); plain 'no', which many systems send for Norwegian, is taken as Bokmål, the written form most use.
 */
export function toMailLanguage(tag: string | null | undefined): TMailLanguage | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return null;
  if (primary === 'no') return 'nb';
  return isMailLanguage(primary) ? primary : null;
}

/** The reader's own language when it is one of ours, else the organisation's, else English. */
export function chooseMailLanguage(choice: { user?: string | null; tenant?: string | null }): TMailLanguage {
  return toMailLanguage(choice.user) ?? toMailLanguage(choice.tenant) ?? DEFAULT_MAIL_LANGUAGE;
}

function configText(config: unknown, key: string): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const value = (config as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/**
 * The locale of a mail to a user (or, for invitations to people outside, of its sender) in a tenant. The tenant's
 * configuration names no interface language, so its primary translation language stands for the organisation's
 * language (a new tenant's is 'en'). The stored configuration is read leniently rather than parsed: a mail must not
 * fail over a configuration field it does not use.
 */
export function mailLocale(input: { userLanguage?: string | null; tenantConfig?: unknown }): TMailLocale {
  const timeZone = configText(input.tenantConfig, 'timezone');
  return {
    language: chooseMailLanguage({
      user: input.userLanguage,
      tenant: configText(input.tenantConfig, 'primaryTranslationLanguage'),
    }),
    timeZone: timeZone && isTimeZone(timeZone) ? timeZone : 'UTC',
  };
}
