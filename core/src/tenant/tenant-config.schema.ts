import { z } from 'zod';

/** Product defaults for shares when the tenant leaves its limits empty (spec section 9: values not shown). */
export const SHARE_DEFAULT_MAX_VALID_DAYS = 30;
export const SHARE_DEFAULT_MAX_VIEWS = 100;

// Intl's canonical list leaves out aliases such as 'UTC' and 'Etc/UTC' that people and databases use, so those are
// accepted when the runtime resolves them; the pattern keeps out offsets like '+01:00' that newer runtimes allow.
const canonicalTimeZones: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'));

// Aliases the runtime resolved: building a formatter to ask costs more than a search's parsing of the tenant config.
const resolvedAliases = new Set<string>();

export function isTimeZone(value: string): boolean {
  if (canonicalTimeZones.has(value) || resolvedAliases.has(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    resolvedAliases.add(value);
    return true;
  } catch {
    return false;
  }
}

/** Language, optional script/region/variant subtags ('en', 'nb', 'en-GB', 'zh-Hant-TW'); stored in canonical case. */
const ZLanguageCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Enter a language code such as en or en-GB')
  .transform((code, context) => {
    try {
      return Intl.getCanonicalLocales(code)[0] ?? code;
    } catch {
      context.addIssue({ code: 'custom', message: 'Enter a language code such as en or en-GB' });
      return z.NEVER;
    }
  });

/** Stored without the dot and in lower case ('.EXE' → 'exe'); multi-part extensions like 'tar.gz' are allowed. */
const ZExtension = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^\.+/, ''))
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*(\.[a-z0-9_-]+)*$/, 'Enter an extension such as exe')
      .max(20),
  );

const ZPositiveLimit = (max: number) => z.number().int().min(1).max(max).nullable();
const ZFraction = z.number().min(0).max(1);
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));

export const ZUnknownPersonRegistration = z.strictObject({
  enabled: z.boolean(),
  maxImages: z.number().int().min(1).max(100),
  minSimilarityConfidence: ZFraction,
  minFaceWidthPercent: z.number().min(0).max(100),
  zoomOutPercent: z.number().min(0).max(500),
});

/** The secret sits beside non-secret settings; read it through `redactTenantConfig`, never send it to clients. */
export const ZSpeechToText = z.strictObject({
  provider: ZOptionalText(64),
  apiKey: ZOptionalText(1024),
  workspaceId: ZOptionalText(256),
  region: ZOptionalText(64),
});

export const ZTenantToggles = z.strictObject({
  audio: z.boolean(),
  file: z.boolean(),
  folder: z.boolean(),
  label: z.boolean(),
  person: z.boolean(),
  editProxy: z.boolean(),
  speakerDiarization: z.boolean(),
  enforceMfa: z.boolean(),
  focusedMosNotifications: z.boolean(),
});

/** Tenant configuration (spec section 3). Every field is required: callers send the whole object back. */
export const ZTenantConfig = z.strictObject({
  organizationName: z.string().trim().min(1).max(200),
  timezone: z.string().trim().refine(isTimeZone, 'Enter an IANA time zone such as Europe/Oslo'),
  primaryTranslationLanguage: ZLanguageCode.nullable(),
  secondaryTranslationLanguage: ZLanguageCode.nullable(),
  defaultSearchFilter: z.enum(['assets', 'all']),
  crashRecordingDurationMinutes: z.number().int().min(1).max(1440),
  crashRecordingNamePattern: z.string().trim().min(1).max(200),
  // 255 is the common file-system limit for one name; below 16 there is no room for a name and an extension.
  maxExportFileNameLength: z.number().int().min(16).max(255),
  blockedUploadExtensions: z
    .array(ZExtension)
    .max(200)
    .transform((list) => [...new Set(list)]),
  shareMaxValidDays: ZPositiveLimit(3650),
  shareMaxViews: ZPositiveLimit(1_000_000),
  faceMatchConfidence: ZFraction,
  unknownPersonRegistration: ZUnknownPersonRegistration,
  speechToText: ZSpeechToText,
  toggles: ZTenantToggles,
  // Set by the super administrator (the operator sells the space); null is unlimited. Defaults for configurations
  // stored before the quota existed.
  storageQuotaBytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
});

export type TTenantConfig = z.output<typeof ZTenantConfig>;
export type TTenantConfigInput = z.input<typeof ZTenantConfig>;

/** The configuration a new tenant starts with. */
export function defaultTenantConfig(organizationName: string): TTenantConfig {
  return {
    organizationName,
    timezone: 'UTC',
    primaryTranslationLanguage: 'en',
    secondaryTranslationLanguage: null,
    defaultSearchFilter: 'assets',
    crashRecordingDurationMinutes: 60,
    crashRecordingNamePattern: 'Crash recording {{source}} {{date}} {{time}}',
    maxExportFileNameLength: 255,
    blockedUploadExtensions: [],
    shareMaxValidDays: null,
    shareMaxViews: null,
    faceMatchConfidence: 0.8,
    unknownPersonRegistration: {
      enabled: false,
      maxImages: 10,
      minSimilarityConfidence: 0.9,
      minFaceWidthPercent: 5,
      zoomOutPercent: 20,
    },
    speechToText: { provider: null, apiKey: null, workspaceId: null, region: null },
    toggles: {
      audio: true,
      file: true,
      folder: true,
      label: true,
      person: true,
      editProxy: false,
      speakerDiarization: false,
      enforceMfa: false,
      focusedMosNotifications: false,
    },
    storageQuotaBytes: null,
  };
}

/** Share limits with the product defaults filled in for what the tenant left empty. */
export function effectiveShareLimits(config: Pick<TTenantConfig, 'shareMaxValidDays' | 'shareMaxViews'>): {
  maxValidDays: number;
  maxViews: number;
} {
  return {
    maxValidDays: config.shareMaxValidDays ?? SHARE_DEFAULT_MAX_VALID_DAYS,
    maxViews: config.shareMaxViews ?? SHARE_DEFAULT_MAX_VIEWS,
  };
}
