import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { timecodeToFrames } from '@mam/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { frameAt, frameClock, timecodeAt } from '../../features/player/frame-math';
import type { TMarks } from '../../features/player/marks';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/**
 * "Save range as virtual clip": the player's in and out marks fill the timecodes (the out mark is the last frame
 * kept), or the user types them in the media's own timecode.
 */
export function VirtualClipPanel({
  item,
  marks,
}: {
  item: { id: string; title: string; media: { frameRate: string | null; timecodeStart: string | null } | null };
  marks: TMarks;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clock = frameClock(item.media?.frameRate ?? '25/1', item.media?.timecodeStart);
  const [title, setTitle] = useState(item.title);
  const [tcIn, setTcIn] = useState('');
  const [tcOut, setTcOut] = useState('');
  useEffect(() => {
    if (marks.in !== null) setTcIn(timecodeAt(marks.in, clock));
    if (marks.out !== null) setTcOut(timecodeAt(marks.out, clock));
    // The clock follows the item, which does not change under the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [marks.in, marks.out]);
  const create = trpc.virtualClips.create.useMutation({
    onSuccess: (created) => void navigate(`/items/${created.id}`),
    onError: (error) => notifyError(t, error),
  });

  const save = () => {
    const start = frameAt(clock.offsetSeconds, clock);
    let inFrame: number;
    let outFrame: number;
    try {
      inFrame = timecodeToFrames(tcIn, clock.rate) - start;
      outFrame = timecodeToFrames(tcOut, clock.rate) - start + 1;
    } catch (error) {
      notifyError(t, error);
      return;
    }
    create.mutate({ itemId: item.id, title, inFrame, outFrame });
  };

  return (
    <Stack gap="xs" data-testid="virtual-clip-panel">
      <Text size="xs" c="dimmed">
        {t('sequences.virtualClipHint')}
      </Text>
      <TextInput
        size="xs"
        label={t('sequences.virtualClipTitle')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        data-testid="virtual-clip-title"
      />
      <Group grow gap="xs">
        <TextInput
          size="xs"
          label={t('sequences.in')}
          placeholder="00:00:00:00"
          value={tcIn}
          onChange={(e) => setTcIn(e.currentTarget.value)}
          data-testid="virtual-clip-in"
        />
        <TextInput
          size="xs"
          label={t('sequences.out')}
          placeholder="00:00:00:00"
          value={tcOut}
          onChange={(e) => setTcOut(e.currentTarget.value)}
          data-testid="virtual-clip-out"
        />
      </Group>
      <Button
        size="xs"
        onClick={save}
        loading={create.isPending}
        disabled={!title.trim() || !tcIn || !tcOut}
        data-testid="virtual-clip-save"
      >
        {t('sequences.saveVirtualClip')}
      </Button>
    </Stack>
  );
}
