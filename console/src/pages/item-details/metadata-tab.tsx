import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import type { TItem } from './item-types';

/** Title and description; the tenant's own metadata forms replace this with the metadata-forms feature. */
export function MetadataTab({ item, onSaved }: { item: TItem; onSaved: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const update = trpc.items.update.useMutation({
    onSuccess: () => {
      notifySuccess(t('itemDetails.saved'));
      onSaved();
    },
    onError: (error) => notifyError(t, error),
  });
  const editable = can('update') || can('updateMetadata');
  const dirty = title !== item.title || description !== item.description;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ itemId: item.id, title: title.trim(), description });
      }}
    >
      <Stack gap="sm" maw={720}>
        <TextInput
          label={t('itemDetails.fields.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
          readOnly={!editable}
          data-testid="field-title"
        />
        <Textarea
          label={t('itemDetails.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
          readOnly={!editable}
          data-testid="field-description"
        />
        {editable && (
          <Group>
            <Button
              type="submit"
              disabled={!dirty || title.trim() === ''}
              loading={update.isPending}
              data-testid="save-metadata"
            >
              {t('common.save')}
            </Button>
            <Button
              variant="default"
              disabled={!dirty}
              onClick={() => {
                setTitle(item.title);
                setDescription(item.description);
              }}
            >
              {t('itemDetails.discard')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
