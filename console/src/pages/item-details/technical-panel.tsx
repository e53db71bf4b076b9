import { Table, Text } from '@mantine/core';
import { formatDurationWords, secondsToTimecode, parseFrameRate } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import type { TItem } from './item-types';

function frameRateLabel(rate: string | null): string | null {
  if (!rate) return null;
  try {
    const { numerator, denominator } = parseFrameRate(rate);
    const fps = numerator / denominator;
    return `${Number.isInteger(fps) ? fps : fps.toFixed(3)} fps`;
  } catch {
    return rate;
  }
}

/** Technical metadata of the leading version: what a broadcast engineer checks before using the clip. */
export function TechnicalPanel({ item }: { item: TItem }) {
  const { t } = useTranslation();
  const media = item.media;
  const duration = media?.durationSeconds ?? null;
  let durationTimecode: string | null = null;
  if (duration !== null && media?.frameRate) {
    try {
      durationTimecode = secondsToTimecode(duration, parseFrameRate(media.frameRate));
    } catch {
      durationTimecode = null;
    }
  }
  const rows: [string, string | null][] = [
    [t('itemDetails.tech.fileName'), item.version?.fileName ?? null],
    [t('itemDetails.tech.fileSize'), item.version?.fileSize == null ? null : formatBytes(item.version.fileSize)],
    [
      t('itemDetails.tech.duration'),
      duration !== null
        ? `${formatDurationWords(duration, t)}${durationTimecode ? ` (${durationTimecode})` : ''}`
        : null,
    ],
    [t('itemDetails.tech.timecodeStart'), media?.timecodeStart ?? null],
    [t('itemDetails.tech.frameRate'), frameRateLabel(media?.frameRate ?? null)],
    [t('itemDetails.tech.resolution'), media?.width && media.height ? `${media.width} × ${media.height}` : null],
    [t('itemDetails.tech.videoCodec'), media?.videoCodec ?? null],
    [
      t('itemDetails.tech.audio'),
      media?.audioCodec
        ? [
            media.audioCodec,
            media.audioChannels ? `${media.audioChannels} ch` : null,
            media.sampleRate ? `${media.sampleRate} Hz` : null,
          ]
            .filter(Boolean)
            .join(' · ')
        : null,
    ],
    [t('itemDetails.tech.container'), media?.container ?? null],
    [t('itemDetails.tech.bitRate'), media?.bitRate ? `${Math.round(media.bitRate / 1000)} kb/s` : null],
    [
      t('itemDetails.tech.segments'),
      media?.segmentCount && media.segmentDuration
        ? `${media.segmentCount} × ${(media.segmentDuration.numerator / media.segmentDuration.denominator).toFixed(2)} s`
        : null,
    ],
  ];
  const shown = rows.filter(([, value]) => value !== null);
  if (shown.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('itemDetails.tech.none')}
      </Text>
    );
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="technical-metadata">
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
  );
}
