import { Anchor, Table, Text } from '@mantine/core';
import { framesToTimecode, parseFrameRate, timecodeToFrames, type TSequenceClipView } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A frame of a clip's source as a timecode of the source's own timecode. */
function sourceTimecode(clip: TSequenceClipView, frame: number): string {
  const rate = parseFrameRate(clip.frameRate);
  const dropFrame = clip.sourceTimecodeStart.includes(';');
  return framesToTimecode(timecodeToFrames(clip.sourceTimecodeStart, rate) + frame, rate, dropFrame);
}

/** A sequence item's clips in play order, each linking to its source, with the total duration. */
export function SequenceClipsPanel({
  sequence,
}: {
  sequence: { frameRate: string | null; clips: TSequenceClipView[]; totalFrames: number };
}) {
  const { t } = useTranslation();
  const rate = parseFrameRate(sequence.frameRate ?? '25/1');
  return (
    <Table data-testid="sequence-clips" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sequences.clip')}</Table.Th>
          <Table.Th>{t('sequences.in')}</Table.Th>
          <Table.Th>{t('sequences.out')}</Table.Th>
          <Table.Th>{t('sequences.duration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sequence.clips.map((clip) => (
          <Table.Tr key={clip.index} data-testid="sequence-clip">
            <Table.Td>
              <Anchor component={Link} to={`/items/${clip.itemId}`} size="sm">
                {clip.title}
              </Anchor>
            </Table.Td>
            <Table.Td ff="monospace">{sourceTimecode(clip, clip.inFrame)}</Table.Td>
            {/* The last frame shown, as players mark it; outFrame itself is the first frame after the clip. */}
            <Table.Td ff="monospace">{sourceTimecode(clip, clip.outFrame - 1)}</Table.Td>
            <Table.Td ff="monospace">
              {framesToTimecode(clip.outFrame - clip.inFrame, parseFrameRate(clip.frameRate))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>
            <Text size="sm" fw={600}>
              {t('sequences.total', { count: sequence.clips.length })}
            </Text>
          </Table.Th>
          <Table.Th ff="monospace" data-testid="sequence-total">
            {framesToTimecode(sequence.totalFrames, rate)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
