import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconExternalLink, IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TSequenceClip } from '@mam/core';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/**
 * The sequence's title and its Save: the first save creates the sequence item (in the user's upload folder), later
 * ones update it. Which sequence is open lives in the URL (`?sequence=`), so a reload or a link opens it again.
 */
export function SequenceSaveBar({
  sequenceId,
  title,
  onTitleChange,
  clips,
  onSaved,
  onNew,
}: {
  sequenceId: string | null;
  title: string;
  onTitleChange: (title: string) => void;
  clips: TSequenceClip[];
  onSaved: (id: string) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [saving, setSaving] = useState(false);
  const create = trpc.sequences.create.useMutation();
  const update = trpc.sequences.update.useMutation();

  async function save() {
    const name = title.trim() || t('cutter.untitled');
    setSaving(true);
    try {
      if (sequenceId) {
        const view = await update.mutateAsync({ id: sequenceId, title: name, clips });
        utils.sequences.get.setData({ id: sequenceId }, view);
      } else {
        const { id } = await create.mutateAsync({ title: name, clips });
        onSaved(id);
      }
      onTitleChange(name);
      notifySuccess(t('cutter.saved'));
    } catch (error) {
      notifyError(t, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Group gap="xs" wrap="nowrap" data-testid="sequence-save-bar">
      <TextInput
        size="xs"
        flex={1}
        placeholder={t('cutter.untitled')}
        aria-label={t('cutter.sequenceTitle')}
        value={title}
        onChange={(event) => onTitleChange(event.currentTarget.value)}
        data-testid="sequence-title"
      />
      <Button
        size="xs"
        leftSection={<IconDeviceFloppy size={14} />}
        onClick={() => void save()}
        loading={saving}
        disabled={clips.length === 0}
        data-testid="sequence-save"
      >
        {t('cutter.save')}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconFilePlus size={14} />} onClick={onNew}>
        {t('cutter.newSequence')}
      </Button>
      {sequenceId && (
        <Anchor
          component={Link}
          to={`/item-details/${sequenceId}`}
          size="xs"
          aria-label={t('cutter.openItem')}
          data-testid="sequence-item-link"
        >
          <IconExternalLink size={16} />
        </Anchor>
      )}
    </Group>
  );
}
