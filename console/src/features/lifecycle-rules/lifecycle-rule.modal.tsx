import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { notifySuccess } from '../../lib/notify';
import { trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';

export type TLifecycleRule = RouterOutputs['lifecycleRules']['list'][number];
type TRuleForm = RouterInputs['lifecycleRules']['create'];
type TAction = TRuleForm['action'];

const actions: TAction[] = ['archive', 'highres-deletion'];
const DEFAULT_ARCHIVE = '';

/** Adds or edits a lifecycle rule: which folder, how old, and what happens to its items. */
export function LifecycleRuleModal({ rule, onClose }: { rule: TLifecycleRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const tree = trpc.folders.tree.useQuery();
  const storages = trpc.storages.list.useQuery();
  const create = trpc.lifecycleRules.create.useMutation();
  const update = trpc.lifecycleRules.update.useMutation();
  const [name, setName] = useState(rule?.name ?? '');
  const [action, setAction] = useState<TAction>(rule?.action ?? 'archive');
  const [folderId, setFolderId] = useState<string | null>(rule?.folderId ?? null);
  const [includeSubfolders, setIncludeSubfolders] = useState(rule?.includeSubfolders ?? true);
  const [ageDays, setAgeDays] = useState<number>(rule?.ageDays ?? 30);
  const [storageId, setStorageId] = useState(rule?.storageId ?? DEFAULT_ARCHIVE);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);

  const folderOptions = useMemo(
    () => (tree.data?.folders ?? []).map((folder) => ({ value: folder.id, label: folder.name })),
    [tree.data],
  );
  const archiveOptions = useMemo(
    () => [
      { value: DEFAULT_ARCHIVE, label: t('lifecycleRules.defaultArchive') },
      ...(storages.data ?? [])
        .filter((storage) => storage.types.includes('archive') || storage.types.includes('cold'))
        .map((storage) => ({ value: storage.id, label: storage.name })),
    ],
    [storages.data, t],
  );

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!folderId) return;
    setError(null);
    const form: TRuleForm = {
      name: name.trim(),
      action,
      folderId,
      includeSubfolders,
      ageDays,
      storageId: action === 'archive' && storageId ? storageId : null,
      enabled,
    };
    try {
      const saved = rule ? await update.mutateAsync({ id: rule.id, ...form }) : await create.mutateAsync(form);
      await utils.lifecycleRules.list.invalidate();
      notifySuccess(t('lifecycleRules.saved', { name: saved.name }));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal opened onClose={onClose} title={rule ? t('lifecycleRules.edit') : t('lifecycleRules.add')}>
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && (
            <Alert color="red" data-testid="lifecycle-rule-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('lifecycleRules.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            maxLength={100}
            data-autofocus
            data-testid="lifecycle-rule-name"
          />
          <Select
            label={t('lifecycleRules.action')}
            value={action}
            allowDeselect={false}
            onChange={(value) => value && setAction(value as TAction)}
            data={actions.map((value) => ({ value, label: t(`lifecycleRules.actions.${value}`) }))}
            data-testid="lifecycle-rule-action"
          />
          <Select
            label={t('lifecycleRules.folder')}
            value={folderId}
            searchable
            required
            onChange={setFolderId}
            data={folderOptions}
            data-testid="lifecycle-rule-folder"
          />
          <Switch
            label={t('lifecycleRules.includeSubfolders')}
            checked={includeSubfolders}
            onChange={(e) => setIncludeSubfolders(e.currentTarget.checked)}
            data-testid="lifecycle-rule-subfolders"
          />
          <NumberInput
            label={t('lifecycleRules.ageDays')}
            value={ageDays}
            min={0}
            max={36_500}
            allowDecimal={false}
            required
            onChange={(value) => setAgeDays(typeof value === 'number' ? value : Number(value) || 0)}
            data-testid="lifecycle-rule-age"
          />
          {action === 'archive' && (
            <Select
              label={t('lifecycleRules.storage')}
              value={storageId}
              allowDeselect={false}
              onChange={(value) => setStorageId(value ?? DEFAULT_ARCHIVE)}
              data={archiveOptions}
              data-testid="lifecycle-rule-storage"
            />
          )}
          <Switch
            label={t('lifecycleRules.enabled')}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
            data-testid="lifecycle-rule-enabled"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={!folderId}
              data-testid="lifecycle-rule-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
