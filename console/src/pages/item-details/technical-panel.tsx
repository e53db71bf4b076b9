import { ActionIcon, Badge, Code, CopyButton, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ItemAudioTrack, ItemChannelLevel } from '@mam/core';
import { formatDurationWords } from '@mam/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { durationTimecode, frameClock } from '../../features/player/frame-math';
import { useFormat } from '../../lib/format';
import type { TItem } from './item-types';
import { colourName, frameRateLabel, levelPercent, scanKey } from './technical-format';

type TRow = [string, ReactNode | null];

function Section({ title, rows, testId }: { title: string; rows: TRow[]; testId: string }) {
  const shown = rows.filter(([, value]) => value !== null && value !== '');
  if (shown.length === 0) return null;
  return (
    <div data-testid={testId}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={2}>
        {title}
      </Text>
      <Table fz="sm" verticalSpacing={3}>
        <Table.Tbody>
          {shown.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed" w="40%">
                {label}
              </Table.Td>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

const decibels = (db: number | null) => (db === null ? '−∞' : db.toFixed(1).replace('-', '−'));

/** One channel's level: RMS as the solid part, peak as the lighter part beyond it. */
function LevelBar({ channel, level }: { channel: number; level: ItemChannelLevel }) {
  const { t } = useTranslation();
  const rms = levelPercent(level.rmsDb);
  const peak = Math.max(rms, levelPercent(level.peakDb));
  const label =
    level.peakDb === null
      ? t('itemDetails.tech.channelSilent', { channel })
      : t('itemDetails.tech.channelLevel', { channel, peak: decibels(level.peakDb), rms: decibels(level.rmsDb) });
  return (
    <Tooltip label={label}>
      <Group gap={6} wrap="nowrap" aria-label={label} data-testid="audio-level">
        <Text size="xs" c="dimmed" w={18} ta="right">
          {channel}
        </Text>
        <Progress.Root size="sm" style={{ flex: 1 }}>
          <Progress.Section value={rms} color={level.peakDb !== null && level.peakDb > -1 ? 'red' : 'teal'} />
          <Progress.Section value={peak - rms} color="teal.2" />
        </Progress.Root>
        <Text size="xs" c="dimmed" w={42} ta="right">
          {decibels(level.peakDb)}
        </Text>
      </Group>
    </Tooltip>
  );
}

function TrackRow({ track, number }: { track: ItemAudioTrack; number: number }) {
  const { t } = useTranslation();
  const summary = [
    track.codec,
    track.sampleRate ? `${track.sampleRate / 1000} kHz` : null,
    track.bitDepth ? t('itemDetails.tech.bitDepth', { bits: track.bitDepth }) : null,
    t('itemDetails.tech.channels', { count: track.channels }),
    track.layout,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={2} data-testid="audio-track">
      <Text size="sm">
        <Text span c="dimmed">
          {t('itemDetails.tech.track', { number })}
        </Text>{' '}
        {summary}
      </Text>
      {track.levels?.map((level, index) => (
        <LevelBar key={index} channel={index + 1} level={level} />
      ))}
    </Stack>
  );
}

function Checksum({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={value}>
        <Code data-testid="checksum-sha256" style={{ overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 150 }}>
          {value}
        </Code>
      </Tooltip>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={copy}
              color={copied ? 'teal' : undefined}
              aria-label={t('itemDetails.tech.copyChecksum')}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Technical metadata of the leading version as a broadcast engineer checks it before using the clip: the picture,
 * every sound track with its channels' levels, and the file with its ingest checksum.
 */
export function TechnicalPanel({ item }: { item: TItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const media = item.media;
  const video = media?.video ?? null;
  const duration = media?.durationSeconds ?? null;
  const lengthTimecode =
    duration !== null && media?.frameRate
      ? durationTimecode(duration, frameClock(media.frameRate, media.timecodeStart))
      : null;
  const scan = video ? scanKey(video) : null;
  const colour = video
    ? [colourName(video.colourSpace), colourName(video.colourPrimaries), colourName(video.colourTransfer)]
        .filter(Boolean)
        .join(' / ')
    : '';
  const range = video?.colourRange === 'tv' ? 'rangeLimited' : video?.colourRange === 'pc' ? 'rangeFull' : null;
  const videoRows: TRow[] = [
    [
      t('itemDetails.tech.duration'),
      duration !== null ? `${formatDurationWords(duration, t)}${lengthTimecode ? ` (${lengthTimecode})` : ''}` : null,
    ],
    [t('itemDetails.tech.timecodeStart'), media?.timecodeStart ?? null],
    [t('itemDetails.tech.frameRate'), frameRateLabel(media?.frameRate ?? null)],
    [t('itemDetails.tech.resolution'), media?.width && media.height ? `${media.width} × ${media.height}` : null],
    [t('itemDetails.tech.scan'), scan ? t(scan) : null],
    [
      t('itemDetails.tech.videoCodec'),
      video
        ? [
            video.codec,
            video.profile,
            video.pixelFormat,
            video.bitDepth ? t('itemDetails.tech.bitDepth', { bits: video.bitDepth }) : null,
          ]
            .filter(Boolean)
            .join(' · ')
        : (media?.videoCodec ?? null),
    ],
    [t('itemDetails.tech.colour'), colour || null],
    [t('itemDetails.tech.range'), range ? t(`itemDetails.tech.${range}`) : null],
    [
      t('itemDetails.tech.hdr'),
      video?.hdr ? (
        <Badge size="sm" variant="light" color="grape">
          {video.hdr}
        </Badge>
      ) : video ? (
        t('itemDetails.tech.sdr')
      ) : null,
    ],
  ];
  const tracks = media?.audioTracks ?? [];
  // Versions probed before tracks were recorded show their first track's summary instead.
  const legacyAudio =
    tracks.length === 0 && media?.audioCodec
      ? [
          media.audioCodec,
          media.audioChannels ? t('itemDetails.tech.channels', { count: media.audioChannels }) : null,
          media.sampleRate ? `${media.sampleRate} Hz` : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : null;
  const fileRows: TRow[] = [
    [t('itemDetails.tech.fileName'), item.version?.fileName ?? null],
    [t('itemDetails.tech.fileSize'), item.version?.fileSize == null ? null : format.bytes(item.version.fileSize)],
    [t('itemDetails.tech.container'), media?.container ?? null],
    [t('itemDetails.tech.bitRate'), media?.bitRate ? `${Math.round(media.bitRate / 1000)} kb/s` : null],
    [
      t('itemDetails.tech.segments'),
      media?.segmentCount && media.segmentDuration
        ? `${media.segmentCount} × ${(media.segmentDuration.numerator / media.segmentDuration.denominator).toFixed(2)} s`
        : null,
    ],
    [t('itemDetails.tech.checksum'), item.version?.sha256 ? <Checksum value={item.version.sha256} /> : null],
  ];
  const hasAny = [...videoRows, ...fileRows].some(([, value]) => value !== null) || tracks.length > 0 || legacyAudio;
  if (!hasAny)
    return (
      <Text c="dimmed" size="sm">
        {t('itemDetails.tech.none')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="technical-metadata">
      <Section title={t('itemDetails.tech.picture')} rows={videoRows} testId="technical-video" />
      {tracks.length > 0 || legacyAudio ? (
        <div data-testid="technical-audio">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
            {t('itemDetails.tech.audio')}
          </Text>
          {legacyAudio ? (
            <Text size="sm">{legacyAudio}</Text>
          ) : (
            <Stack gap="xs">
              {tracks.map((track, index) => (
                <TrackRow key={track.index} track={track} number={index + 1} />
              ))}
            </Stack>
          )}
        </div>
      ) : null}
      <Section title={t('itemDetails.tech.file')} rows={fileRows} testId="technical-file" />
    </Stack>
  );
}
