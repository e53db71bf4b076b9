import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { formatErrorMessage } from '../errors/error-catalogue';
import type { TRenderPreset, TRenderPresetSettings } from '../renders/render-preset.types';
import { toAppIssues, type AppIssue } from '../validation/zod-issues';
import { isIpLiteral, isMulticast, parseCidr, unbracket } from './live-address';
import {
  liveSourceModesByType,
  liveSourceTypes,
  type TLiveSourceCredentials,
  type TLiveSourceMode,
  type TLiveSourcePipeline,
  type TLiveSourceType,
} from './live-source.types';

export const LIVE_SOURCE_NAME_MAX = 100;
export const LIVE_SOURCE_CIDR_MAX = 32;

const ZSecret = (min: number, max: number, label: string) =>
  z
    .string()
    .min(min, `The ${label} needs at least ${min} characters.`)
    .max(max, `The ${label} can have at most ${max} characters.`);

/** `undefined` keeps the stored credentials on update; `null` removes them. */
export const ZLiveSourceCredentials = z.strictObject({
  // SRT's own limits for a passphrase.
  passphrase: ZSecret(10, 79, 'passphrase').optional(),
  streamKey: ZSecret(8, 128, 'stream key')
    .regex(/^[A-Za-z0-9_-]+$/, 'A stream key has letters, digits, - and _ only.')
    .optional(),
  username: z.string().min(1).max(200).optional(),
  password: z.string().min(1).max(200).optional(),
});

export const ZLiveSourcePipeline = z.strictObject({
  highRes: z.union([z.literal('copy'), z.strictObject({ presetId: z.uuid() })]),
  proxy: z.literal(true),
  /** The upload location recordings are rendered to (spec: cloud render location); the default one when absent. */
  renderLocationId: z.uuid().nullable().optional(),
});

export const ZLiveSourceInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .max(LIVE_SOURCE_NAME_MAX, `A name can have at most ${LIVE_SOURCE_NAME_MAX} characters.`),
  type: z.enum(liveSourceTypes, 'Choose SRT, RTMP, UDP, RTP or HLS.'),
  mode: z.enum(['caller', 'listener', 'push', 'pull']).optional(),
  location: z.string().trim().min(1, 'Enter the address.').max(2000),
  cidr: z.array(z.string().trim()).max(LIVE_SOURCE_CIDR_MAX).default([]),
  credentials: ZLiveSourceCredentials.nullable().optional(),
  pipeline: ZLiveSourcePipeline.default({ highRes: 'copy', proxy: true }),
  folderId: z.uuid().nullable().default(null),
});

export type TLiveSourceInputRaw = z.input<typeof ZLiveSourceInput>;

/** A source as saved: the mode chosen, the location in its canonical spelling, credentials still to be merged. */
export interface TLiveSourceDraft {
  name: string;
  type: TLiveSourceType;
  mode: TLiveSourceMode;
  location: string;
  cidr: string[];
  credentials: TLiveSourceCredentials | null | undefined;
  pipeline: TLiveSourcePipeline;
  folderId: string | null;
}

/** The server connects out to the location (so the endpoint guard applies), rather than waiting for the feed. */
export function isPulled(mode: TLiveSourceMode): boolean {
  return mode === 'caller' || mode === 'pull';
}

/** A sender pushes to the server: its address must be in the source's ranges and it must know the secret. */
export function isPushed(type: TLiveSourceType, mode: TLiveSourceMode): boolean {
  return (type === 'rtmp' && mode === 'push') || (type === 'srt' && mode === 'listener');
}

/**
 * Where the server receives from senders it can tell apart by address, so that ranges can admit them: pushes, and
 * UDP/RTP on a unicast address. A multicast group is joined, not reached by a sender: ranges do not apply to it.
 */
export function takesAddressRanges(type: TLiveSourceType, mode: TLiveSourceMode, location?: string): boolean {
  if (isPushed(type, mode)) return true;
  if (type !== 'udp' && type !== 'rtp') return false;
  const host = location ? parseUrl(location)?.hostname : undefined;
  return host === undefined || !isMulticast(unbracket(host));
}

function refuse(issues: AppIssue[]): never {
  throw new AppError('LIVE_SOURCE_INVALID', { issues });
}

const issue = (path: string, message: string): AppIssue => ({ path, code: 'LIVE_SOURCE_INVALID', message });

function parseUrl(location: string): URL | null {
  try {
    return new URL(location);
  } catch {
    return null;
  }
}

const examples: Record<string, string> = {
  'srt:caller': 'srt://encoder.example.com:9000',
  'srt:listener': 'srt://0.0.0.0:9000',
  'rtmp:push': 'rtmp://0.0.0.0:1935/live',
  'rtmp:pull': 'rtmp://media.example.com/live/stream',
  'udp:listener': 'udp://239.1.1.1:5000 or udp://0.0.0.0:5000',
  'rtp:listener': 'rtp://239.1.1.1:5004 or rtp://0.0.0.0:5004',
  'hls:pull': 'https://media.example.com/live/stream.m3u8',
};

/** Problems with a location for its type and mode; an empty list when it is one the server can record. */
export function locationProblems(type: TLiveSourceType, mode: TLiveSourceMode, location: string): string[] {
  const example = `for example ${examples[`${type}:${mode}`]}`;
  const url = parseUrl(location);
  const protocols =
    type === 'hls' ? ['http:', 'https:'] : type === 'rtmp' && mode === 'pull' ? ['rtmp:', 'rtmps:'] : [`${type}:`];
  if (!url || !protocols.includes(url.protocol) || !url.hostname) {
    return [`Enter a ${type.toUpperCase()} address, ${example}.`];
  }
  const problems: string[] = [];
  if (url.username || url.password)
    problems.push('Put the user name and password in their own fields, not in the address.');
  const host = unbracket(url.hostname);
  const port = url.port ? Number(url.port) : null;
  const local = !isPulled(mode);
  if (local && !isIpLiteral(host))
    problems.push(`The server receives on one of its own addresses: give an IP address, ${example}.`);
  if (local && type !== 'rtmp' && port === null) problems.push(`Give the port the server receives on, ${example}.`);
  if (local && port !== null && port < 1024) problems.push('Use a port from 1024 to 65535.');
  if ((type === 'srt' || type === 'rtmp') && local && isMulticast(host))
    problems.push('A multicast group is for UDP and RTP only.');
  if (type === 'srt') {
    if (port === null) problems.push(`Give the port, ${example}.`);
    if (url.pathname && url.pathname !== '/') problems.push('An SRT address has no path.');
    for (const key of url.searchParams.keys()) {
      if (!['latency', 'streamid'].includes(key))
        problems.push(`"${key}" cannot be set in the address (only latency and streamid).`);
    }
  }
  if (type === 'udp' || type === 'rtp') {
    if ((url.pathname && url.pathname !== '/') || url.search)
      problems.push(`A ${type.toUpperCase()} address is only an IP address and a port.`);
  }
  if (type === 'rtmp') {
    const segments = url.pathname.split('/').filter(Boolean);
    if (mode === 'push' && segments.length !== 1)
      problems.push(`Give the application name only (the stream key is its own field), ${example}.`);
    if (mode === 'pull' && segments.length < 2) problems.push(`Give the application and the stream, ${example}.`);
  }
  if (type === 'hls' && !/\.m3u8$/i.test(url.pathname))
    problems.push(`Give the address of an HLS playlist (.m3u8), ${example}.`);
  return problems;
}

function credentialProblems(
  type: TLiveSourceType,
  mode: TLiveSourceMode,
  credentials: TLiveSourceCredentials,
): AppIssue[] {
  const problems: AppIssue[] = [];
  const allowed: Array<keyof TLiveSourceCredentials> =
    type === 'srt'
      ? ['passphrase']
      : type === 'rtmp'
        ? mode === 'push'
          ? ['streamKey']
          : ['username', 'password']
        : type === 'hls'
          ? ['username', 'password']
          : [];
  for (const key of Object.keys(credentials) as Array<keyof TLiveSourceCredentials>) {
    if (credentials[key] !== undefined && !allowed.includes(key)) {
      problems.push(issue(`credentials.${key}`, `A ${type.toUpperCase()} ${mode} source has no ${key}.`));
    }
  }
  if (type === 'srt' && mode === 'listener' && !credentials.passphrase) {
    problems.push(
      issue(
        'credentials.passphrase',
        'A listening SRT source needs a passphrase, so only your encoders can send to it.',
      ),
    );
  }
  if (type === 'rtmp' && mode === 'push' && !credentials.streamKey) {
    problems.push(issue('credentials.streamKey', 'An RTMP push source needs a stream key.'));
  }
  if (Boolean(credentials.username) !== Boolean(credentials.password) && allowed.includes('username')) {
    problems.push(issue('credentials.password', 'Give both the user name and the password, or neither.'));
  }
  return problems;
}

/**
 * Validates what an administrator sends. `stored` are the credentials saved before (update): sent as undefined
 * they are kept, so a form never has to show a secret again.
 */
export function parseLiveSourceInput(
  input: unknown,
  stored: TLiveSourceCredentials | null = null,
): TLiveSourceDraft & { credentials: TLiveSourceCredentials } {
  const parsed = ZLiveSourceInput.safeParse(input);
  if (!parsed.success) refuse(toAppIssues(parsed.error, 'LIVE_SOURCE_INVALID'));
  const data = parsed.data;
  const modes = liveSourceModesByType[data.type];
  const mode = data.mode ?? modes[0]!;
  if (!modes.includes(mode)) {
    refuse([issue('mode', `A ${data.type.toUpperCase()} source is ${modes.join(' or ')}.`)]);
  }
  const issues: AppIssue[] = locationProblems(data.type, mode, data.location).map((message) =>
    issue('location', message),
  );
  const cidr: string[] = [];
  data.cidr.forEach((entry, index) => {
    const range = parseCidr(entry);
    if (!range) issues.push(issue(`cidr.${index}`, `"${entry}" is not an address range such as 203.0.113.0/24.`));
    else cidr.push(`${range.address}/${range.prefix}`);
  });
  if (cidr.length && !takesAddressRanges(data.type, mode, data.location)) {
    issues.push(
      issue(
        'cidr',
        'Address ranges apply to sources senders send to: SRT listener, RTMP push, UDP or RTP on a unicast address.',
      ),
    );
  }
  if (data.type === 'rtmp' && mode === 'push' && data.cidr.length === 0) {
    issues.push(issue('cidr', 'Give the address ranges your encoders push from, for example 203.0.113.0/24.'));
  }
  const credentials = data.credentials === undefined ? (stored ?? {}) : (data.credentials ?? {});
  issues.push(...credentialProblems(data.type, mode, credentials));
  if (issues.length) refuse(issues);
  return {
    name: data.name,
    type: data.type,
    mode,
    location: new URL(data.location).href.replace(/\/$/, (end) => (data.type === 'hls' ? end : '')),
    cidr,
    credentials,
    pipeline: data.pipeline as TLiveSourcePipeline,
    folderId: data.folderId,
  };
}

/**
 * Where senders push a listening source: the location with the server's public host for the wildcard address (a
 * multicast group or a specific address stays as it is). Secrets are never in it; the pusher adds the stream key.
 */
export function ingestUrlFor(
  source: { type: TLiveSourceType; mode: TLiveSourceMode; location: string },
  publicHost: string,
): string | null {
  if (isPulled(source.mode)) return null;
  const url = new URL(source.location);
  const host = unbracket(url.hostname);
  if (host === '0.0.0.0' || host === '::') url.hostname = publicHost;
  if (source.type === 'rtmp' && !url.port) url.port = '1935';
  return url.href.replace(/\/$/, '');
}

/**
 * The local socket a receiving source binds (`udp:0.0.0.0:5000`, `tcp:0.0.0.0:1935/live`); null for pulled sources.
 * Only one process can receive there, so it is unique across the server and the probe yields it to the recorder.
 */
export function bindKeyOf(source: { type: TLiveSourceType; mode: TLiveSourceMode; location: string }): string | null {
  if (isPulled(source.mode)) return null;
  const url = new URL(source.location);
  const host = unbracket(url.hostname);
  if (source.type === 'rtmp') return `tcp:${host}:${url.port || '1935'}`;
  return `udp:${host}:${url.port}`;
}

/**
 * Video codecs a recording's high-res segments can be encoded in: they are MPEG-TS (a download of a running
 * recording concatenates their bytes), and the stop joins them into the preset's container without re-encoding.
 */
export const liveSegmentVideoCodecs = ['h264', 'hevc', 'mpeg2video'] as const;

/** The video codec a preset encodes; null for a rewrap, which only copies what it is given. */
export function presetVideoCodec(settings: TRenderPresetSettings): string | null {
  switch (settings.mode) {
    case 'generic':
      return 'h264';
    case 'broadcast':
      return 'mpeg2video';
    case 'advanced':
      return settings.videoCodec;
    case 'rewrap':
      return null;
  }
}

/** Why a preset cannot make a live source's high res, or null when it can. */
export function livePresetRefusal(
  preset: Pick<TRenderPreset, 'capabilities' | 'settings'>,
): 'LIVE_SOURCE_PRESET_NOT_LIVE' | 'LIVE_SOURCE_PRESET_UNSUITABLE' | null {
  const codec = presetVideoCodec(preset.settings);
  if (!codec || !(liveSegmentVideoCodecs as readonly string[]).includes(codec)) return 'LIVE_SOURCE_PRESET_UNSUITABLE';
  if (!preset.capabilities.includes('live')) return 'LIVE_SOURCE_PRESET_NOT_LIVE';
  return null;
}

/** Refuses a preset a live source cannot record with (saving the source). */
export function assertLivePreset(preset: Pick<TRenderPreset, 'name' | 'capabilities' | 'settings'>): void {
  const code = livePresetRefusal(preset);
  if (!code) return;
  const params = code === 'LIVE_SOURCE_PRESET_UNSUITABLE' ? { preset: preset.name } : undefined;
  const message = formatErrorMessage(code, params);
  throw new AppError(code, { params, issues: [{ path: 'pipeline.highRes.presetId', code, message }] });
}
