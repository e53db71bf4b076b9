/**
 * Stable error codes and their English messages. Messages quoted from the product spec stay verbatim.
 * The code doubles as the i18next key `errors.<code>`; the console translates by code, the REST API
 * answers with the English text.
 */
export const errorCatalogue = {
  // Generic
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: "You don't have permission to execute this operation" },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'That name is already taken.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  CSRF_FAILED: { status: 403, message: 'The request could not be verified. Reload the page and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again later.' },
  // A feature flag (spec section 3) that is off for the tenant: the feature's calls are refused, not hidden only.
  FEATURE_DISABLED: { status: 403, message: 'This feature is not enabled for your organisation.' },
  EXPORT_EMPTY: { status: 400, message: 'Choose items or a folder to export.' },
  EXPORT_TOO_MANY_ITEMS: { status: 400, message: 'An export can hold at most {{max}} items.' },

  // Accounts and login
  INVALID_CREDENTIALS: { status: 401, message: 'Wrong email or password.' },
  ORGANISATION_NOT_FOUND: { status: 404, message: 'No organisation with that name was found.' },
  ACCOUNT_DEACTIVATED: { status: 403, message: 'Your account has been deactivated by an administrator' },
  TENANT_DEACTIVATED: { status: 403, message: 'This organisation has been deactivated.' },
  INVALID_CODE: { status: 400, message: 'The code is invalid or has expired.' },
  WEAK_PASSWORD: { status: 400, message: 'The password must be at least 10 characters long.' },
  PASSWORD_TOO_LONG: { status: 400, message: 'The password must be at most 256 characters long.' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is wrong.' },
  MFA_REQUIRED: { status: 401, message: 'Enter the code from your authenticator app.' },
  MFA_INVALID_CODE: { status: 400, message: 'The authentication code is not valid.' },
  MFA_ENROLMENT_REQUIRED: {
    status: 403,
    message: 'Your organisation requires multi-factor authentication. Set it up to continue.',
  },
  MFA_NOT_ENABLED: { status: 400, message: 'Multi-factor authentication is not enabled.' },
  EXTERNAL_LOGIN_REQUIRED: {
    status: 400,
    message: 'This account signs in through your organisation’s identity provider.',
  },
  SSO_FAILED: { status: 401, message: 'Single sign-on failed. Please try again.' },
  SSO_NOT_CONFIGURED: { status: 404, message: 'Single sign-on is not configured for this organisation.' },
  EXTERNAL_USER_DELETE: { status: 409, message: 'External users cannot be deleted' },
  EXTERNAL_USER_LOGOUT: { status: 409, message: 'External users cannot be logged out' },
  CANNOT_CHANGE_SELF: { status: 409, message: 'You cannot deactivate or delete your own account.' },
  USER_UPDATE_FAILED: { status: 500, message: 'Failed to update user, please try again later' },
  EMAIL_TAKEN: { status: 409, message: 'A user with that email address already exists.' },
  INVALID_EMAIL: { status: 400, message: 'Invalid email address' },

  // Administration
  API_KEY_INVALID: { status: 401, message: 'The API key is missing, invalid, inactive or expired.' },
  EXPIRY_IN_PAST: { status: 400, message: 'Please select a date in the future' },
  INVALID_CONFIGURATION: { status: 400, message: 'Invalid configuration' },
  TENANTS_FETCH_FAILED: { status: 500, message: 'Failed fetching list of tenants' },
  STATISTICS_FETCH_FAILED: { status: 500, message: 'Failed fetching statistics data' },
  TENANT_SLUG_TAKEN: { status: 409, message: 'An organisation with that short name already exists.' },
  GROUP_IN_USE: { status: 409, message: 'The organisation and administrator groups cannot be deleted.' },
  DATE_RANGE_TOO_LONG: { status: 400, message: 'Date range must be less than 90 days' },

  // Access rules (spec section 5)
  OWNER_ONLY_FORBIDDEN: {
    status: 403,
    message: "Only owner/admins with required permissions are allowed to set access to 'owner only'!",
  },
  GROUP_RESTRICTION_FORBIDDEN: {
    status: 403,
    message: "User doesn't have enough permissions to restrict visibility to specific groups!",
  },
  BAD_VISIBLE_TO: { status: 400, message: 'Bad visibleTo' },
  BAD_UPDATABLE_BY: { status: 400, message: 'Bad updatableBy' },
  SELECTED_GROUPS_EMPTY: { status: 400, message: 'Select at least one group.' },

  // Items and media (spec section 6 and 8)
  COMMENT_FORBIDDEN: { status: 403, message: "You don't have permission to comment" },
  ANNOTATION_INVALID: {
    status: 400,
    message: 'The drawing cannot be saved: use at most 50 shapes and 2,000 points, all inside the frame.',
  },
  UPLOAD_FORBIDDEN: { status: 403, message: 'You do not have permission to upload' },
  UPDATE_ITEMS_FORBIDDEN: { status: 403, message: 'You do not have permission to update existing items' },
  UPDATE_ITEM_FORBIDDEN: { status: 403, message: "You don't have permission to update this item" },
  APPROVE_ITEMS_FORBIDDEN: { status: 403, message: "You don't have permission to set the approval status" },
  DELETE_ITEM_FORBIDDEN: { status: 403, message: 'You do not have permission to delete this item' },
  DELETE_ITEMS_FORBIDDEN: {
    status: 403,
    message: 'You do not have permission to delete one or more of the selected items',
  },
  UPLOAD_REJECTED: { status: 422, message: 'Upload rejected' },
  EXTENSION_BLOCKED: { status: 422, message: 'Files with {{suffix}} extension cannot be uploaded' },
  IMAGE_LOAD_FAILED: { status: 500, message: 'Unable to load the requested image at this time.' },
  NO_HIGH_RES_IMAGE: {
    status: 404,
    message: 'No high resolution version of the image found. It may have been deleted or archived.',
  },
  // The high resolution of other media types, archived or deleted: the image message's equivalent.
  NO_HIGH_RES_MEDIA: {
    status: 404,
    message: 'No high resolution version of the media found. It may have been deleted or archived.',
  },
  ITEM_ALREADY_ARCHIVED: { status: 409, message: 'The item is already archived.' },
  ITEM_NOT_ARCHIVED: { status: 409, message: 'The item is not archived.' },
  ARCHIVE_TRANSFER_RUNNING: { status: 409, message: 'An archive transfer of this item is already under way.' },
  ARCHIVE_STORAGE_INVALID: { status: 400, message: 'Choose a storage location of the archive type.' },
  ITEM_NOT_IN_COLD_STORAGE: { status: 409, message: 'The item is not archived in cold storage.' },
  // Lifecycle rules: a tenant's scheduled archive or high-res deletion of a folder's older items.
  LIFECYCLE_RULE_FOLDER_NOT_FOUND: { status: 400, message: 'The folder of the rule was not found.' },
  LIFECYCLE_RULE_STORAGE_NOT_ARCHIVE: {
    status: 400,
    message: 'Only an archive rule names a storage location, and it must be an archive or cold storage location.',
  },
  LIFECYCLE_RULE_AUTHOR_GONE: {
    status: 409,
    message: 'The user who last saved this rule can no longer run it. Save the rule again to run it as yourself.',
  },
  // Send to storage: an item's high resolution copied as a file to another of the tenant's locations.
  SEND_TO_STORAGE_TARGET_INVALID: {
    status: 400,
    message: 'Choose an export storage location of your organisation; the archive cannot be sent to.',
  },
  SEND_TO_STORAGE_RUNNING: { status: 409, message: 'This item is already being sent to that storage location.' },
  SEND_TO_STORAGE_FAILED: { status: 500, message: 'Sending the item to the storage location failed: {{reason}}' },
  CROP_DATA_MISSING: { status: 400, message: 'Save crop failed. Missing crop data.' },
  VERSIONING_VIRTUAL_CLIPS: { status: 422, message: 'Versioning virtual clips is currently not supported' },
  REPROCESS_NOT_SUPPORTED: { status: 422, message: 'Reprocess not supported' },
  // Background Jobs: steering workflow runs
  WORKFLOW_NOT_RUNNING: { status: 409, message: 'This background job has already finished.' },
  WORKFLOW_NOT_RETRYABLE: {
    status: 409,
    message: 'Only a failed, cancelled or terminated background job can be retried.',
  },
  COPY_MEDIA_FAILED: { status: 409, message: 'Failed to initiate copy of media' },
  SEQUENCE_DOWNLOAD_FAILED: { status: 409, message: 'Cannot download sequence' },
  NO_RENDER_PRESETS: {
    status: 404,
    message: 'No render presets found. Please inform your tenant administrator to configure presets.',
  },
  CENTRAL_RENDER_CANCEL_FAILED: { status: 500, message: 'Error cancelling central render: {{reason}}' },
  CENTRAL_RENDER_NOT_FOUND: { status: 404, message: 'No central render request found' },
  HIGHRES_UNSCHEDULE_FAILED: { status: 500, message: 'Error while unscheduling highres deletion' },
  HIGHRES_ALREADY_DELETED: { status: 409, message: 'Highres has already been deleted' },
  HIGHRES_DELETION_IN_PROGRESS: { status: 409, message: 'Highres deletion is already in progress' },
  ITEM_HAS_NO_HIGHRES: { status: 409, message: 'Item does not have a highres' },
  ITEM_HAS_NO_MEDIA: { status: 409, message: 'Item has no media' },
  CRASH_RECORDING_UNAVAILABLE: { status: 409, message: 'Cannot create crash recording now' },
  CRASH_RECORDING_NOT_RUNNING: { status: 409, message: 'The live source is not recording.' },
  RENDER_START_TIMECODE_FIXED: {
    status: 400,
    message: 'This render preset has a fixed start timecode: a render cannot choose its own.',
  },
  CRASH_RECORDING_LOCATION_INVALID: {
    status: 400,
    message: 'Choose an upload storage location of your organisation to render the recording to.',
  },
  STORAGE_SCAN_FAILED: { status: 500, message: 'Failed to initialize storage scan' },
  STORAGE_SCANNING_FAILED: { status: 409, message: 'Failed to initialize scanning of storage' },
  WATCH_FOLDER_LOCATION_INVALID: {
    status: 400,
    message: 'Choose an upload storage location of your organisation to watch.',
  },
  WATCH_FOLDER_SUBPATH_INVALID: { status: 400, message: 'The subpath must stay inside the storage location.' },
  WATCH_FOLDER_DUPLICATE: { status: 409, message: 'This location and subpath are already watched.' },
  TRANSCRIPTION_LANGUAGE_REQUIRED: { status: 400, message: 'Please select a transcription language.' },
  TRANSCRIPT_PROCESSING_FAILED: { status: 500, message: 'Error processing transcript' },
  NO_TIMED_TRANSCRIPT: { status: 404, message: 'No timed transcript available' },

  // Folders and the recycle bin
  FOLDER_CREATE_FORBIDDEN: { status: 403, message: 'You do not have permission to create folders' },
  FOLDER_UPDATE_FORBIDDEN: { status: 403, message: "You don't have permission to change this folder" },
  FOLDER_DELETE_FORBIDDEN: { status: 403, message: "You don't have permission to delete this folder" },
  FOLDER_ROOT_LOCKED: { status: 409, message: 'The root folder cannot be moved, deleted or restricted' },
  FOLDER_CYCLE: { status: 409, message: 'A folder cannot be moved into itself or into one of its subfolders' },
  MOVE_ITEMS_FORBIDDEN: { status: 403, message: 'You do not have permission to move items' },
  RECOVER_ITEM_FORBIDDEN: { status: 403, message: 'You do not have permission to restore this item' },
  RECOVER_ITEMS_FORBIDDEN: {
    status: 403,
    message: 'You do not have permission to restore one or more of the selected items',
  },
  ITEM_NOT_IN_RECYCLE_BIN: {
    status: 409,
    message: 'Only items in the recycle bin can be restored or deleted permanently',
  },

  // Storage locations (spec section 3)
  STORAGE_BUILT_IN: { status: 409, message: 'The built-in local storage cannot be deleted or moved.' },
  STORAGE_LAST_UPLOAD: { status: 409, message: 'At least one storage must be used for uploads.' },
  STORAGE_LAST_GENERATED: { status: 409, message: 'At least one storage must be used for generated media.' },
  STORAGE_IN_USE: {
    status: 409,
    message: 'This storage holds media of {{count}} item versions and cannot be deleted.',
  },
  STORAGE_NOT_CONFIGURED: { status: 409, message: 'No storage is configured for {{type}}.' },
  STORAGE_ENDPOINT_PRIVATE: {
    status: 400,
    message: 'This endpoint is on a private network; the operator has not allowed it.',
  },

  // Replication settings (spec section 3)
  REPLICATION_SAME_STORAGE: { status: 400, message: 'The source and target storage must be different.' },
  REPLICATION_SOURCE_EXTERNAL: {
    status: 409,
    message: 'This storage is replicated externally and cannot be a replication source.',
  },
  REPLICATION_DUPLICATE: { status: 409, message: 'A replication from this source to this target already exists.' },

  // Metadata forms and values (spec section 5)
  FORM_CREATE_FAILED: { status: 500, message: 'Failed to create form, please try again later.' },
  FORM_DELETE_FAILED: { status: 500, message: 'Failed to delete form, please try again later.' },
  INVALID_CHOICE_VALUE: { status: 400, message: 'Invalid value found - please select a new one.' },
  VALUE_REQUIRED: { status: 400, message: 'Value required' },
  BOOKMARK_TITLE_REQUIRED: { status: 400, message: 'Bookmark title is required' },
  FORM_LABEL_INVALID: { status: 400, message: 'A label may not contain a period or quotes.' },
  FORM_NAME_TAKEN: { status: 409, message: 'A form with that name already exists.' },
  FORM_CHANGED_ELSEWHERE: {
    status: 409,
    message: 'Someone else changed this form while you were editing it. Reload it to see their changes.',
  },
  FORM_QC_REQUIRED_FIELD: { status: 400, message: 'The quality control form cannot have required fields.' },
  FORM_TITLE_REQUIRED: { status: 400, message: 'The title must be required.' },
  FORM_BUILT_IN_DELETE: {
    status: 409,
    message: 'The common, folder default, detected text and restricted material forms cannot be deleted.',
  },
  FORM_BUILT_IN_DEACTIVATE: { status: 409, message: 'The common and folder default forms cannot be deactivated.' },
  FIELD_BUTTON_FLAGS: { status: 400, message: 'Button fields cannot be required or read only.' },
  FIELD_CHECKBOX_REQUIRED: { status: 400, message: 'Checkboxes cannot be required.' },
  FIELD_FILE_FLAGS: { status: 400, message: 'File fields cannot be required or read only.' },
  FIELD_READONLY_REQUIRED: { status: 400, message: 'Read-only fields cannot be required.' },
  FIELD_SYSTEM_DELETE: { status: 409, message: 'System default fields cannot be deleted.' },
  FIELD_TECHNICAL_RULES: { status: 400, message: 'Technical fields support neither permissions nor validation.' },
  FIELD_CREATED_ON_INIT: { status: 400, message: 'createdOn cannot be initialised.' },
  FIELD_LINES_RANGE: { status: 400, message: 'Min lines must be less than max lines, both between 1 and 100.' },
  SHORTCUT_INVALID: { status: 400, message: 'The keyboard shortcut is not valid.' },
  SHORTCUT_CONFLICT: {
    status: 409,
    message: 'The keyboard shortcut is already used by another form or by the system.',
  },
  VALUE_TYPE_INVALID: { status: 400, message: 'The value does not suit this field.' },
  VALUE_DATE_INVALID: { status: 400, message: 'Invalid date' },
  VALUE_TOO_LONG: { status: 400, message: 'The text is too long.' },
  VALUE_FORMAT_MISMATCH: { status: 400, message: 'The value does not have the expected format.' },
  VALUE_URL_INVALID: { status: 400, message: 'Invalid URL' },
  USAGE_RULE_IDENTIFIER_REQUIRED: { status: 400, message: 'The usage rule key and label are required.' },
  USAGE_RULE_NAME_REQUIRED: { status: 400, message: 'The validity name is required.' },
  USAGE_RULE_WARNING_LEVEL: { status: 400, message: 'The warning level must be always, upon expiry or never.' },
  USAGE_RULE_DAYS_INVALID: {
    status: 400,
    message: 'A validity from ingest time needs a number of days, zero or more.',
  },
  USAGE_RULE_DATE_INVALID: { status: 400, message: 'An absolute validity needs a date.' },
  USAGE_RULE_VALIDITY_ORDER: { status: 400, message: 'The validity cannot end before it starts.' },

  METADATA_IMPORT_INVALID: { status: 400, message: 'The file could not be imported: {{reason}}' },

  // Shares (spec sections 3, 5 and 6)
  SHARE_FORBIDDEN: { status: 403, message: "You don't have permission to share media" },
  SHARE_EMPTY: { status: 400, message: 'Choose at least one item or a folder to share.' },
  SHARE_PASSWORD_TOO_SHORT: { status: 400, message: 'The share password must be at least {{min}} characters long.' },
  SHARE_EXPIRY_TOO_LATE: { status: 400, message: 'A share can be valid for at most {{days}} days.' },
  SHARE_VIEWS_TOO_MANY: { status: 400, message: 'A share can have at most {{max}} views.' },
  SHARE_PASSWORD_WRONG: { status: 401, message: 'The password is not correct.' },
  SHARE_CLOSED: { status: 410, message: 'This link is no longer available.' },
  SHARE_MEDIA_LINK_INVALID: { status: 403, message: 'This media link is not valid or has expired. Reload the page.' },

  // Search (spec section 5)
  SEARCH_QUERY_INVALID: {
    status: 400,
    message: 'The search could not be understood at character {{position}}: {{reason}}',
  },

  // Media time (spec section 9)
  INVALID_TIMECODE: { status: 400, message: 'Invalid timecode' },
  INVALID_FRAME_RATE: { status: 400, message: 'Invalid frame rate' },

  // Render presets (spec sections 3 and 5; NO_RENDER_PRESETS is with the spec's section 8 messages above)
  RENDER_PRESET_NOT_FOUND: { status: 404, message: 'The render preset was not found.' },
  RENDER_PRESET_INVALID: { status: 400, message: 'The render preset is not valid.' },
  RENDER_PRESET_NAME_TAKEN: { status: 409, message: 'A render preset with that name already exists.' },
  RENDER_PRESET_FALLBACK_CYCLE: {
    status: 400,
    message: 'The fallback preset would lead back to this preset. Choose a fallback that does not.',
  },
  RENDER_PRESET_IN_USE: { status: 409, message: 'This render preset is in use and cannot be deleted.' },
  RENDER_PRESET_USED_AS_FALLBACK: { status: 409, message: 'It is the fallback preset of {{presets}}.' },
  RENDER_PRESET_USED_FOR_SUBCLIPS: { status: 409, message: 'It is used for subclipping.' },
  RENDER_PRESET_USED_BY_LIVE_SOURCE: { status: 409, message: 'The live source {{sources}} uses it.' },
  RENDER_PRESET_DEFAULT_DELETE: {
    status: 409,
    message: 'The default preset cannot be deleted. Make another preset the default first.',
  },
  RENDER_PRESET_DEFAULT_HIDDEN: { status: 400, message: 'The default preset cannot be hidden.' },
  RENDER_PRESET_SUBCLIP_CAPABILITY: {
    status: 400,
    message: 'Only a preset with the subclip capability can be used for subclipping.',
  },
  // Sequences and virtual clips (spec sections 5 and 8)
  SEQUENCE_ITEM_NOT_VIDEO: { status: 400, message: 'All items must be video to be added to a sequence' },
  SEQUENCE_CLIP_RANGE_INVALID: {
    status: 400,
    message: 'A clip must hold at least one frame and lie inside its source media.',
  },
  // Clips are cut frame for frame; a clip of another rate would need its frames conformed, which changes them.
  SEQUENCE_FRAME_RATE_MISMATCH: {
    status: 400,
    message:
      'All clips of a sequence must have the same frame rate: this clip is {{frameRate}} fps, the sequence {{sequenceFrameRate}} fps.',
  },
  // Central render (issue 23; its cancel and download messages are with the spec's section 8 messages above)
  SEQUENCE_EMPTY: { status: 400, message: 'The sequence has no clips to render.' },
  RENDER_PRESET_UNKNOWN: { status: 400, message: 'There is no render preset {{presetId}}.' },
  PLACEHOLDER_REQUIRED: { status: 400, message: 'Media can only be merged into a placeholder.' },

  // Sequence interchange: EDL, FCPXML and OpenTimelineIO files (issue 23)
  INTERCHANGE_EDL_INVALID: { status: 400, message: 'The EDL cannot be read: line {{line}} is not a valid event.' },
  INTERCHANGE_OTIO_INVALID: { status: 400, message: 'The OpenTimelineIO file cannot be read (at {{path}}).' },
  INTERCHANGE_FCPXML_INVALID: { status: 400, message: 'The FCPXML file cannot be read (at {{path}}).' },
  INTERCHANGE_EMPTY: { status: 400, message: 'The file has no clips to import.' },
  // Spec section 8: the info message for a clip made in the editing suite that matches nothing in the product.
  INTERCHANGE_CLIPS_UNMATCHED: {
    status: 400,
    message: 'These clips from the editing suite have no matching clip in the product: {{clips}}',
  },

  // Requests the product cannot act on, whatever their route
  TEXT_INVALID: { status: 400, message: 'The text contains characters that are not allowed.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This request method is not allowed here.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  BOOKMARK_ROUTE_INVALID: { status: 400, message: 'A bookmark must point to a page in this application.' },
  // Upload limits: the spec's 'Upload rejected' with the reason
  UPLOAD_TOO_LARGE: { status: 413, message: 'Upload rejected: files may be at most {{limit}}' },
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    message: "Upload rejected: the organisation's storage quota of {{quota}} would be exceeded",
  },
  QUOTA_SUPER_ADMIN_ONLY: { status: 403, message: 'Only the system administrator can change the storage quota' },

  // Live sources (issue 25; spec sections 3 and 4)
  LIVE_SOURCE_NOT_FOUND: { status: 404, message: 'The live source was not found.' },
  LIVE_SOURCE_INVALID: { status: 400, message: 'The live source is not valid.' },
  LIVE_SOURCE_NAME_TAKEN: { status: 409, message: 'A live source with that name already exists.' },
  LIVE_SOURCE_ADDRESS_TAKEN: {
    status: 409,
    message: 'Another live source already receives on this address and port. Choose another port.',
  },
  LIVE_SOURCE_ADDRESS_PRIVATE: {
    status: 400,
    message: 'This address is on a private network the operator has not allowed for live sources.',
  },
  LIVE_SOURCE_RECORDING: { status: 409, message: 'The live source is recording. Stop the recording first.' },
  LIVE_SOURCE_OFFLINE: {
    status: 409,
    message: 'The live source sends no picture. Check that it is on and sending, then try again.',
  },
  // The spec names a 'live' capability among a preset's (section 3) but has no words for these refusals.
  LIVE_SOURCE_PRESET_NOT_LIVE: {
    status: 400,
    message: 'Only a preset with the live recording capability can be used for a live source.',
  },
  LIVE_SOURCE_PRESET_UNSUITABLE: {
    status: 400,
    message:
      'The preset {{preset}} cannot record live: a recording needs a preset that encodes H.264, HEVC or MPEG-2 video, not a rewrap, ProRes or DNxHD. Choose another preset, or keep the feed as received.',
  },

  // Addresses a tenant chooses that the server fetches
  SSO_ISSUER_PRIVATE: {
    status: 400,
    message: 'This issuer is on a private network; the operator has not allowed it.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** Fills `{{name}}` placeholders the way i18next does, so server and console render the same text. */
export function formatErrorMessage(code: ErrorCode, params: Record<string, string | number> = {}): string {
  return errorCatalogue[code].message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}
