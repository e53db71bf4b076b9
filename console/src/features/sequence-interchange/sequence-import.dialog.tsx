import { Alert, Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconFileImport, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage, hasErrorCode } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';
import { importFormatOf, titleOfFile } from './sequence-file';

/**
 * Import on a folder: an EDL, FCPXML or OpenTimelineIO file from an editing suite becomes a new sequence in the folder, its
 * clips matched to the organisation's items. A clip that matches nothing is named and nothing is created.
 */
function SequenceImportDialog({ folderId, onClose }: { folderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const create = trpc.sequences.import.useMutation({
    onSuccess: ({ id }) => void navigate(`/item-details/${id}`),
  });
  const format = file ? importFormatOf(file.name) : null;
  const unmatched = hasErrorCode(create.error, 'INTERCHANGE_CLIPS_UNMATCHED');

  const choose = (chosen: File | null) => {
    create.reset();
    setFile(chosen);
    if (chosen && !title.trim()) setTitle(titleOfFile(chosen.name));
  };

  const submit = async () => {
    if (!file || !format) return;
    create.mutate({ format, text: await file.text(), title: title.trim(), folderId });
  };

  return (
    <Modal opened onClose={onClose} title={t('sequenceInterchange.importTitle')}>
      <Stack gap="sm">
        <FileInput
          label={t('sequenceInterchange.file')}
          description={t('sequenceInterchange.fileHint')}
          accept=".edl,.fcpxml,.otio"
          value={file}
          onChange={choose}
          error={file && !format ? t('sequenceInterchange.unknownFormat') : null}
          data-testid="sequence-import-file"
        />
        <TextInput
          label={t('sequenceInterchange.title')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          required
          data-testid="sequence-import-title"
        />
        {create.error && (
          // Spec section 8 makes clips without a match an information for the editor, not a failure.
          <Alert
            color={unmatched ? 'blue' : 'red'}
            icon={unmatched ? <IconInfoCircle size={16} /> : undefined}
            data-testid="sequence-import-error"
          >
            {errorMessage(t, create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={!format || !title.trim()}
            loading={create.isPending}
            data-testid="sequence-import-submit"
          >
            {t('sequenceInterchange.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Import button of a folder page with its dialog. */
export function SequenceImportButton({ folderId }: { folderId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpen(true)}
        data-testid="sequence-import"
      >
        {t('sequenceInterchange.importAction')}
      </Button>
      {open && <SequenceImportDialog folderId={folderId} onClose={() => setOpen(false)} />}
    </>
  );
}
