import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconPlugConnected, IconPlus, IconScan, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { ColdStorageFields, type TColdSettings } from './cold-storage-fields';
import { formatDuration } from '../../lib/format';
import { StorageScanModal } from '../../features/storage-scan/storage-scan.modal';
import { WatchFoldersSection } from '../../features/watch-folders/watch-folders.section';
import { ReplicationSection } from '../../features/replication/replication-settings.section';
import { LifecycleRulesPanel } from '../../features/lifecycle-rules/lifecycle-rules.panel';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { appErrorOf, errorCodeMessage, errorMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';

type TStorage = RouterOutputs['storages']['list'][number];
type TStorageType = TStorage['types'][number];
type TPermissionMethod = TStorage['permissionMethod'];
type TTestResult = RouterOutputs['storages']['testConnection'];
type TStorageForm = RouterInputs['storages']['create'];

const storageTypes: TStorageType[] = ['upload', 'archive', 'export', 'generated', 'cold'];
const permissionMethods: TPermissionMethod[] = ['accessKeys', 'role', 'gateway'];
// Field paths the server may report problems for; each has a translated hint under storage.invalid.
const fieldsWithHints = [
  'types',
  'defaultTypes',
  'pathPrefix',
  'bucket',
  'region',
  'endpoint',
  'roleArn',
  'accessKeyId',
  'secretAccessKey',
];

/** Per type, the location new files of that type go to (the server's rule: marked default, built-in, oldest). */
function effectiveDefaults(storages: TStorage[]): Map<TStorageType, string> {
  const defaults = new Map<TStorageType, string>();
  for (const type of storageTypes) {
    const chosen =
      storages.find((s) => s.types.includes(type) && s.defaultTypes.includes(type)) ??
      storages.find((s) => s.types.includes(type) && s.builtIn) ??
      storages.find((s) => s.types.includes(type));
    if (chosen) defaults.set(type, chosen.id);
  }
  return defaults;
}

/** A connection test's outcome: a translated headline, and for failures the service's own (English) details. */
function useTestOutcome() {
  const { t } = useTranslation();
  return (result: TTestResult) =>
    result.ok
      ? { title: t('storage.testSucceeded'), detail: null }
      : { title: t(`storage.testReasons.${result.reason}`), detail: result.message };
}

/** System Settings → Storage: where uploads, archives, exports and generated media are kept. */
export function StorageSettingsPanel() {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const storages = trpc.storages.list.useQuery();
  const remove = trpc.storages.delete.useMutation();
  const test = trpc.storages.testConnection.useMutation();
  const testOutcome = useTestOutcome();
  const [editing, setEditing] = useState<TStorage | 'new' | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [scanning, setScanning] = useState<TStorage | null>(null);
  const [confirmation, confirm] = useConfirm();
  const defaults = effectiveDefaults(storages.data ?? []);

  function askDelete(storage: TStorage) {
    confirm({
      title: t('storage.delete'),
      message: t('storage.confirmDelete', { name: storage.name }),
      onConfirm: () =>
        remove.mutateAsync({ id: storage.id }).then(
          () => (notifySuccess(t('storage.deleted', { name: storage.name })), utils.storages.list.invalidate()),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  async function runTest(storage: TStorage) {
    setTesting(storage.id);
    try {
      const result = await test.mutateAsync({ id: storage.id });
      const outcome = testOutcome(result);
      notifications.show({
        color: result.ok ? 'teal' : 'red',
        title: storage.name,
        message: outcome.detail ? `${outcome.title} ${outcome.detail}` : outcome.title,
      });
    } catch (e) {
      notifyError(t, e);
    } finally {
      setTesting(null);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          {t('storage.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-storage">
          {t('storage.add')}
        </Button>
      </Group>
      {storages.error && <Alert color="red">{errorMessage(t, storages.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('storage.kind')}</Table.Th>
            <Table.Th>{t('storage.types')}</Table.Th>
            <Table.Th>{t('storage.defaultFor')}</Table.Th>
            <Table.Th>{t('storage.deletion')}</Table.Th>
            <Table.Th w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(storages.data ?? []).map((storage) => (
            <Table.Tr key={storage.id} data-testid={`storage-row-${storage.name}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="inherit" fw={500}>
                    {storage.name}
                  </Text>
                  {storage.builtIn && (
                    <Badge size="xs" variant="outline" color="blue">
                      {t('storage.builtIn')}
                    </Badge>
                  )}
                  {storage.externallyReplicated && (
                    <Badge size="xs" variant="outline" color="grape" data-testid="storage-externally-replicated">
                      {t('storage.externallyReplicated')}
                    </Badge>
                  )}
                </Group>
                {storage.description && (
                  <Text size="xs" c="dimmed">
                    {storage.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {storage.kind === 'local' ? t('storage.kinds.local') : t('storage.kinds.s3')}
                {storage.kind === 's3' && (
                  <Text size="xs" c="dimmed">
                    {storage.bucket}
                    {storage.pathPrefix ? `/${storage.pathPrefix}` : ''}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {storage.types.map((type) => (
                    <Badge key={type} size="xs" variant="default" tt="none" fw={500}>
                      {t(`storage.typeNames.${type}`)}
                    </Badge>
                  ))}
                </Group>
                {storage.types.includes('cold') && (
                  <Text size="xs" c="dimmed" data-testid="storage-cold-summary">
                    {storage.kind === 'local'
                      ? t('storage.cold.summaryLocal', {
                          standard: formatDuration(storage.restoreStandardSeconds, i18n.language),
                          express: formatDuration(storage.restoreExpressSeconds, i18n.language),
                        })
                      : t(`storage.cold.classes.${storage.coldStorageClass}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {storageTypes
                    .filter((type) => defaults.get(type) === storage.id)
                    .map((type) => (
                      <Badge key={type} size="xs" variant="light" color="teal" tt="none" fw={500}>
                        {t(`storage.typeNames.${type}`)}
                      </Badge>
                    ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={storage.enableDeletion ? 'orange' : 'gray'}>
                  {storage.enableDeletion ? t('storage.deletionEnabled') : t('storage.deletionDisabled')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <IconAction
                    label={t('storage.testConnection')}
                    onClick={() => void runTest(storage)}
                    loading={testing === storage.id}
                    data-testid="storage-test"
                  >
                    <IconPlugConnected size={16} />
                  </IconAction>
                  <IconAction
                    label={
                      storage.types.includes('generated')
                        ? t('errors.STORAGE_SCANNING_FAILED')
                        : t('storageScan.action')
                    }
                    disabled={storage.types.includes('generated')}
                    onClick={() => setScanning(storage)}
                    data-testid="storage-scan"
                  >
                    <IconScan size={16} />
                  </IconAction>
                  <IconAction label={t('common.edit')} onClick={() => setEditing(storage)} data-testid="storage-edit">
                    <IconPencil size={16} />
                  </IconAction>
                  <IconAction
                    label={storage.builtIn ? t('errors.STORAGE_BUILT_IN') : t('common.delete')}
                    color="red"
                    disabled={storage.builtIn}
                    onClick={() => askDelete(storage)}
                    data-testid="storage-delete"
                  >
                    <IconTrash size={16} />
                  </IconAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {(storages.isLoading || storages.data?.length === 0) && (
            <TableMessage colSpan={6} loading={storages.isLoading} text={t('storage.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && <StorageModal storage={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {scanning && <StorageScanModal storage={scanning} onClose={() => setScanning(null)} />}
      <ReplicationSection locations={storages.data ?? []} />
      {confirmation}
      <WatchFoldersSection />
      <LifecycleRulesPanel />
    </Stack>
  );
}

function StorageModal({ storage, onClose }: { storage: TStorage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const create = trpc.storages.create.useMutation();
  const update = trpc.storages.update.useMutation();
  const test = trpc.storages.testConnection.useMutation();
  const testOutcome = useTestOutcome();
  const builtIn = storage?.builtIn ?? false;
  const [name, setName] = useState(storage?.name ?? '');
  const [description, setDescription] = useState(storage?.description ?? '');
  const [kind, setKind] = useState<TStorage['kind']>(storage?.kind ?? 's3');
  const [types, setTypes] = useState<TStorageType[]>(storage?.types ?? ['upload']);
  const [defaultTypes, setDefaultTypes] = useState<TStorageType[]>(storage?.defaultTypes ?? []);
  const [pathPrefix, setPathPrefix] = useState(storage?.pathPrefix ?? '');
  const [bucket, setBucket] = useState(storage?.bucket ?? '');
  const [region, setRegion] = useState(storage?.region ?? '');
  const [endpoint, setEndpoint] = useState(storage?.endpoint ?? '');
  const [permissionMethod, setPermissionMethod] = useState<TPermissionMethod>(
    storage?.permissionMethod ?? 'accessKeys',
  );
  const [roleArn, setRoleArn] = useState(storage?.roleArn ?? '');
  const [forcePathStyle, setForcePathStyle] = useState(storage?.forcePathStyle ?? false);
  const [accessKeyId, setAccessKeyId] = useState('');
  const [secretAccessKey, setSecretAccessKey] = useState('');
  const [enableDeletion, setEnableDeletion] = useState(storage?.enableDeletion ?? false);
  const [cold, setCold] = useState<TColdSettings>({
    restoreStandardSeconds: storage?.restoreStandardSeconds ?? 3 * 3600,
    restoreExpressSeconds: storage?.restoreExpressSeconds ?? 5 * 60,
    coldStorageClass: storage?.coldStorageClass ?? 'GLACIER',
  });
  const [externallyReplicated, setExternallyReplicated] = useState(storage?.externallyReplicated ?? false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [testResult, setTestResult] = useState<TTestResult | null>(null);
  const usesKeys = kind === 's3' && permissionMethod !== 'role';
  const credentialsSet = storage?.credentialsSet ?? false;

  const typeOptions = storageTypes.map((type) => ({ value: type, label: t(`storage.typeNames.${type}`) }));

  function form(): TStorageForm {
    return {
      name: name.trim(),
      description: description.trim(),
      kind,
      types,
      defaultTypes: defaultTypes.filter((type) => types.includes(type)),
      enableDeletion,
      externallyReplicated,
      pathPrefix: pathPrefix.trim(),
      bucket: bucket.trim(),
      region: region.trim(),
      endpoint: permissionMethod === 'role' ? '' : endpoint.trim(),
      permissionMethod,
      roleArn: roleArn.trim(),
      forcePathStyle,
      ...(types.includes('cold') ? cold : {}),
      // Write-only: blank fields keep the stored keys.
      credentials: usesKeys && (accessKeyId || secretAccessKey) ? { accessKeyId, secretAccessKey } : undefined,
    };
  }

  function showFailure(e: unknown) {
    const reported = appErrorOf(e)?.issues ?? [];
    setIssues(
      Object.fromEntries(
        reported.map((i) => [
          i.path,
          // A problem with a code of its own (an endpoint on a private network) says more than the field's hint.
          i.code !== 'VALIDATION_FAILED'
            ? errorCodeMessage(t, i.code)
            : fieldsWithHints.includes(i.path)
              ? t(`storage.invalid.${i.path}`)
              : t('errors.VALIDATION_FAILED'),
        ]),
      ),
    );
    setError(errorMessage(t, e));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues({});
    try {
      if (storage) await update.mutateAsync({ id: storage.id, ...form() });
      else await create.mutateAsync(form());
      await utils.storages.list.invalidate();
      notifySuccess(t('common.saved'));
      onClose();
    } catch (e) {
      showFailure(e);
    }
  }

  async function runTest() {
    setError(null);
    setIssues({});
    setTestResult(null);
    try {
      setTestResult(await test.mutateAsync({ id: storage?.id, draft: form() }));
    } catch (e) {
      showFailure(e);
    }
  }

  return (
    <Modal opened onClose={onClose} title={storage ? t('storage.edit') : t('storage.add')} size="lg">
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && (
            <Alert color="red" data-testid="storage-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('common.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-autofocus
            data-testid="storage-name"
          />
          <Textarea
            label={t('storage.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={1}
            maxRows={4}
          />
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v === 'local' ? 'local' : 's3')}
            disabled={builtIn}
            data={[
              { value: 's3', label: t('storage.kinds.s3') },
              { value: 'local', label: t('storage.kinds.local') },
            ]}
            data-testid="storage-kind"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('storage.types')}
              data={typeOptions}
              value={types}
              onChange={(v) => setTypes(v as TStorageType[])}
              error={issues.types}
              required
              data-testid="storage-types"
            />
            <MultiSelect
              label={t('storage.defaultFor')}
              description={t('storage.defaultForHint')}
              data={typeOptions.filter((o) => types.includes(o.value))}
              value={defaultTypes.filter((type) => types.includes(type))}
              onChange={(v) => setDefaultTypes(v as TStorageType[])}
              error={issues.defaultTypes}
              clearable
            />
          </SimpleGrid>
          {kind === 'local' ? (
            <TextInput
              label={t('storage.folder')}
              description={t('storage.folderHint')}
              value={pathPrefix}
              onChange={(e) => setPathPrefix(e.currentTarget.value)}
              error={issues.pathPrefix}
              disabled={builtIn}
              data-testid="storage-folder"
            />
          ) : (
            <>
              <Select
                label={t('storage.permissionMethod')}
                data={permissionMethods.map((m) => ({ value: m, label: t(`storage.permissionMethods.${m}`) }))}
                value={permissionMethod}
                onChange={(v) => {
                  if (!v) return;
                  setPermissionMethod(v as TPermissionMethod);
                  // Compatible gateways almost always need path-style addressing.
                  if (v === 'gateway') setForcePathStyle(true);
                }}
                allowDeselect={false}
                data-testid="storage-permission-method"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('storage.bucket')}
                  value={bucket}
                  onChange={(e) => setBucket(e.currentTarget.value)}
                  error={issues.bucket}
                  required
                  data-testid="storage-bucket"
                />
                <TextInput
                  label={t('storage.pathPrefix')}
                  description={t('storage.pathPrefixHint')}
                  value={pathPrefix}
                  onChange={(e) => setPathPrefix(e.currentTarget.value)}
                  error={issues.pathPrefix}
                  data-testid="storage-path-prefix"
                />
                <TextInput
                  label={t('storage.region')}
                  placeholder="us-east-1"
                  value={region}
                  onChange={(e) => setRegion(e.currentTarget.value)}
                  error={issues.region}
                  data-testid="storage-region"
                />
                {permissionMethod !== 'role' && (
                  <TextInput
                    label={t('storage.endpoint')}
                    description={t('storage.endpointHint')}
                    placeholder="https://s3.example.com"
                    value={endpoint}
                    onChange={(e) => setEndpoint(e.currentTarget.value)}
                    error={issues.endpoint}
                    required={permissionMethod === 'gateway'}
                    data-testid="storage-endpoint"
                  />
                )}
              </SimpleGrid>
              {permissionMethod === 'role' ? (
                <>
                  <TextInput
                    label={t('storage.roleArn')}
                    placeholder="arn:aws:iam::123456789012:role/media"
                    value={roleArn}
                    onChange={(e) => setRoleArn(e.currentTarget.value)}
                    error={issues.roleArn}
                    required
                    data-testid="storage-role-arn"
                  />
                  <Text size="xs" c="dimmed">
                    {t('storage.externalIdHint')} <Code>{session.tenant.id}</Code>
                  </Text>
                </>
              ) : (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <PasswordInput
                      label={t('storage.accessKey')}
                      placeholder={credentialsSet ? t('config.secretSet') : t('config.secretNotSet')}
                      value={accessKeyId}
                      onChange={(e) => setAccessKeyId(e.currentTarget.value)}
                      error={issues.accessKeyId}
                      autoComplete="off"
                      data-testid="storage-access-key"
                    />
                    <PasswordInput
                      label={t('storage.secretKey')}
                      placeholder={credentialsSet ? t('config.secretSet') : t('config.secretNotSet')}
                      value={secretAccessKey}
                      onChange={(e) => setSecretAccessKey(e.currentTarget.value)}
                      error={issues.secretAccessKey}
                      autoComplete="new-password"
                      data-testid="storage-secret-key"
                    />
                  </SimpleGrid>
                  <Switch
                    label={t('storage.forcePathStyle')}
                    description={t('storage.forcePathStyleHint')}
                    checked={forcePathStyle}
                    onChange={(e) => setForcePathStyle(e.currentTarget.checked)}
                  />
                </>
              )}
            </>
          )}
          {types.includes('cold') && <ColdStorageFields kind={kind} value={cold} onChange={setCold} />}
          <Switch
            label={t('storage.enableDeletion')}
            description={t('storage.enableDeletionHint')}
            checked={enableDeletion}
            onChange={(e) => setEnableDeletion(e.currentTarget.checked)}
            data-testid="storage-enable-deletion"
          />
          <Switch
            label={t('storage.externallyReplicated')}
            description={t('storage.externallyReplicatedHint')}
            checked={externallyReplicated}
            onChange={(e) => setExternallyReplicated(e.currentTarget.checked)}
            data-testid="storage-externally-replicated-switch"
          />
          {testResult && (
            <Alert
              color={testResult.ok ? 'teal' : 'red'}
              icon={testResult.ok ? <IconCheck size={16} /> : undefined}
              title={testResult.ok ? undefined : testOutcome(testResult).title}
              data-testid="storage-test-result"
            >
              {testOutcome(testResult).detail ?? testOutcome(testResult).title}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} />}
              onClick={() => void runTest()}
              loading={test.isPending}
              data-testid="storage-test-draft"
            >
              {t('storage.testConnection')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending} data-testid="storage-submit">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
