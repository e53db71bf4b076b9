import {
  takesAddressRanges,
  liveSourceModesByType,
  type TLiveSourceCredentials,
  type TLiveSourceInputRaw,
  type TLiveSourceMode,
  type TLiveSourceType,
} from '@mam/core';
import type { RouterOutputs } from '../../lib/trpc';

export type TLiveSourceRow = RouterOutputs['liveSources']['list'][number];
export type TCredentialField = keyof TLiveSourceCredentials;

/** What the add/edit dialog holds: secrets as typed (blank keeps the stored ones), ranges one per line. */
export interface TLiveSourceDraft {
  name: string;
  type: TLiveSourceType;
  mode: TLiveSourceMode;
  location: string;
  cidr: string;
  credentials: Record<TCredentialField, string>;
  /** 'copy' or a render preset's id. */
  highRes: string;
  /** An upload location's id; '' for the organisation's default. */
  renderLocationId: string;
}

const noSecrets: Record<TCredentialField, string> = { passphrase: '', streamKey: '', username: '', password: '' };

export function draftOf(source: TLiveSourceRow | null): TLiveSourceDraft {
  if (!source) {
    return {
      name: '',
      type: 'udp',
      mode: 'listener',
      location: '',
      cidr: '',
      credentials: { ...noSecrets },
      highRes: 'copy',
      renderLocationId: '',
    };
  }
  return {
    name: source.name,
    type: source.type,
    mode: source.mode,
    location: source.location,
    cidr: source.cidr.join('\n'),
    credentials: { ...noSecrets },
    highRes: source.pipeline.highRes === 'copy' ? 'copy' : source.pipeline.highRes.presetId,
    renderLocationId: source.pipeline.renderLocationId ?? '',
  };
}

/** The draft with another type: its mode becomes the type's first unless the type has the one chosen. */
export function withType(draft: TLiveSourceDraft, type: TLiveSourceType): TLiveSourceDraft {
  const modes = liveSourceModesByType[type];
  return { ...draft, type, mode: modes.includes(draft.mode) ? draft.mode : modes[0]! };
}

/** The secrets a source of this type and mode has (the server refuses others). */
export function credentialFields(type: TLiveSourceType, mode: TLiveSourceMode): TCredentialField[] {
  if (type === 'srt') return ['passphrase'];
  if (type === 'rtmp') return mode === 'push' ? ['streamKey'] : ['username', 'password'];
  if (type === 'hls') return ['username', 'password'];
  return [];
}

/** Address ranges are asked for only where senders send to the server (a multicast group is refused by it). */
export function takesCidr(type: TLiveSourceType, mode: TLiveSourceMode): boolean {
  return takesAddressRanges(type, mode);
}

/**
 * The input the server takes. Secrets: typed ones are sent; none typed keeps the stored ones while the type and
 * mode stay as saved, and otherwise clears them (a changed type cannot keep secrets of another kind).
 */
export function inputOf(draft: TLiveSourceDraft, source: TLiveSourceRow | null): TLiveSourceInputRaw {
  const fields = credentialFields(draft.type, draft.mode);
  const typed = fields.filter((field) => draft.credentials[field] !== '');
  const unchangedKind = source !== null && source.type === draft.type && source.mode === draft.mode;
  const credentials: TLiveSourceCredentials | null | undefined =
    typed.length > 0
      ? Object.fromEntries(typed.map((field) => [field, draft.credentials[field]]))
      : unchangedKind
        ? undefined
        : null;
  return {
    name: draft.name,
    type: draft.type,
    mode: draft.mode,
    location: draft.location,
    cidr: takesCidr(draft.type, draft.mode)
      ? draft.cidr
          .split(/[\s,]+/)
          .map((entry) => entry.trim())
          .filter(Boolean)
      : [],
    ...(credentials === undefined ? {} : { credentials }),
    pipeline: {
      highRes: draft.highRes === 'copy' ? 'copy' : { presetId: draft.highRes },
      proxy: true,
      renderLocationId: draft.renderLocationId || null,
    },
    // The dialog does not choose a folder: an edit keeps the one the source files recordings into.
    folderId: source?.folderId ?? null,
  };
}

/** The dialog field a server issue is about (`credentials.passphrase` → passphrase, `cidr.2` → cidr). */
export function fieldOfIssue(path: string): string {
  const [head, next] = path.split('.');
  if (head === 'credentials' && next) return next;
  if (head === 'pipeline') return next === 'renderLocationId' ? 'renderLocationId' : 'highRes';
  return head ?? path;
}
