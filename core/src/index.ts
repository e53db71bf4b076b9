export * from './errors/error-catalogue';
export * from './errors/app-error';

export * from './permissions/permission.catalogue';
export * from './permissions/implied-permissions';
export * from './permissions/default-grants';
export * from './permissions/effective-permissions';
export * from './permissions/actor';
export * from './permissions/built-in-groups';

export * from './audit/audit-action.catalogue';

export * from './access/access.schema';
export * from './access/access.rules';
export * from './access/access-change.rules';

export * from './tenant/tenant-config.schema';
export * from './tenant/tenant-config.secrets';
export * from './tenant/tenant-config.parse';
export * from './live/crash-recording-name';
export * from './live/media-playlist';
export * from './live/time-of-day-timecode';
export * from './tenant/blocked-extensions';
export * from './tenant/upload-limits';

export * from './validation/zod-issues';
export * from './validation/email.schema';
export * from './validation/password.schema';
export * from './validation/tenant-slug.schema';
export * from './validation/iso-date.schema';
export * from './validation/text-integrity';
export * from './validation/uuid';

export * from './api-keys/api-key-state';

export * from './items/item-types';
export * from './items/item-text';
export * from './items/item-approval';
export * from './items/item-playback';
export * from './items/growing-hls';
export * from './bookmarks/bookmark-route';
export * from './exports/metadata-export';
export * from './exports/safe-file-name';
export * from './exports/send-to-storage';
export * from './replication/replication-setting';

export * from './timecode/rational';
export * from './timecode/time-scale';
export * from './timecode/frame-rate';
export * from './timecode/timecode';
export * from './timecode/duration-words';

export * from './forms/keyboard-shortcut';
export * from './forms/usage-rules';
export * from './forms/metadata-form.schema';
export * from './forms/metadata-form.rules';
export * from './forms/field-access';
export * from './forms/field-initialization';
export * from './forms/form-values.check';
export * from './forms/built-in-forms';
export * from './forms/field-value-rows';
export * from './forms/metadata-csv';
export * from './forms/metadata-xmp';
export * from './items/item-search-filters';
export * from './items/search-facet.catalogue';
export * from './shares/share-rules';
export * from './notifications/mentions';
export * from './annotations/annotation.schema';
export * from './annotations/annotation-timing';
export * from './annotations/annotation-summary';
export * from './notifications/notification-kinds';
export * from './mail/mail-language';
export * from './mail/mail-catalogue';
export * from './mail/mail-messages';
export type { TMailTextKey, TMailTexts } from './mail/mail-texts.en';
export * from './tasks/task.rules';
export * from './audit/audit-changes';
export * from './renders';
export * from './sequences';
export * from './sequences/interchange';
export * from './audit/audit-summary';
export * from './administration/admin-section.ids';
export * from './highres/highres-deletion.rules';

export * from './live/live-source.types';
export * from './live/live-address';
export * from './live/live-source.rules';
export * from './archive/archive-transfer';
export * from './archive/abandoned-upload.rules';
export * from './watch-folders/watch-folder.rules';
export * from './lifecycle/lifecycle-rule.rules';
