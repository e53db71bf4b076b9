import { Alert, Button, Group, Modal, NumberInput, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { TenantsTable, type TTenant } from './tenants.table';

export function TenantsTab() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const tenants = trpc.tenants.list.useQuery();
  const setActive = trpc.tenants.setActive.useMutation({ onSettled: () => utils.tenants.list.invalidate() });
  const [creating, setCreating] = useState(false);
  const [quotaOf, setQuotaOf] = useState<TTenant | null>(null);
  const [confirmation, confirm] = useConfirm();

  function toggle(tenant: TTenant, active: boolean) {
    const run = () => setActive.mutateAsync({ id: tenant.id, active }).catch((err: unknown) => notifyError(t, err));
    if (active) return void run();
    // Deactivating locks a whole organisation out: ask first.
    confirm({
      title: t('admin.deactivateTenant'),
      message: t('admin.confirmDeactivate', { name: tenant.name }),
      confirmLabel: t('team.deactivate'),
      onConfirm: run,
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('admin.tenantsIntro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-tenant">
          {t('admin.createTenant')}
        </Button>
      </Group>
      {tenants.error && (
        <Alert color="red" data-testid="tenants-error">
          {t('errors.TENANTS_FETCH_FAILED')}
        </Alert>
      )}
      <TenantsTable
        tenants={tenants.data ?? []}
        loading={tenants.isLoading}
        manage={{ ownTenantId: session.tenant.id, onEditQuota: setQuotaOf, onSetActive: toggle }}
      />
      {creating && <CreateTenantModal onClose={() => setCreating(false)} />}
      {quotaOf && <QuotaModal tenant={quotaOf} onClose={() => setQuotaOf(null)} />}
      {confirmation}
    </Stack>
  );
}

const GIB = 1024 ** 3;

/** The tenant's storage quota in GiB; empty is unlimited. */
function QuotaModal({ tenant, onClose }: { tenant: TTenant; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const utils = trpc.useUtils();
  const setQuota = trpc.tenants.setQuota.useMutation({ onSuccess: () => utils.tenants.list.invalidate() });
  const [gib, setGib] = useState<number | string>(
    tenant.storageQuotaBytes === null ? '' : tenant.storageQuotaBytes / GIB,
  );
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const bytes = typeof gib === 'number' ? Math.max(1, Math.round(gib * GIB)) : null;
      await setQuota.mutateAsync({ id: tenant.id, storageQuotaBytes: bytes });
      notifySuccess(t('common.saved'));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('admin.quotaOf', { name: tenant.name })}>
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <NumberInput
            label={t('config.storageQuotaGib')}
            description={t('admin.quotaHint', { used: format.bytes(tenant.storedBytes) })}
            placeholder={t('config.unlimited')}
            min={0}
            decimalScale={3}
            value={gib}
            onChange={setGib}
            data-autofocus
            data-testid="tenant-quota-input"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={setQuota.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const emptyTenant = { slug: '', name: '', adminEmail: '', adminPassword: '' };

function CreateTenantModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.tenants.create.useMutation({ onSuccess: () => utils.tenants.list.invalidate() });
  const [form, setForm] = useState(emptyTenant);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const field = (key: keyof typeof form) => ({
    value: form[key],
    error: issues[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value }),
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues({});
    try {
      await create.mutateAsync({ ...form, slug: form.slug.trim().toLowerCase(), adminEmail: form.adminEmail.trim() });
      notifySuccess(t('admin.tenantCreated', { name: form.name }));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
      setIssues(Object.fromEntries((appErrorOf(e)?.issues ?? []).map((i) => [i.path, i.message])));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('admin.createTenant')}>
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && (
            <Alert color="red" data-testid="tenant-error">
              {error}
            </Alert>
          )}
          <TextInput label={t('admin.tenantName')} {...field('name')} required data-autofocus />
          <TextInput label={t('admin.slug')} description={t('admin.slugHint')} {...field('slug')} required />
          <TextInput label={t('admin.adminEmail')} type="email" {...field('adminEmail')} required />
          <PasswordInput
            label={t('admin.adminPassword')}
            description={t('password.rule')}
            {...field('adminPassword')}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('admin.createTenant')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
