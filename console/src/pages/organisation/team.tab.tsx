import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconDots,
  IconEye,
  IconEyeOff,
  IconLogout,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useVocabulary } from '../../lib/vocabulary';

type TUser = RouterOutputs['users']['list'][number];

/** Spec section 1: external (single sign-on) users cannot be deleted or logged out; the menu says why. */
function Blocked({ reason }: { reason: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="blocked-reason">
      {reason}
    </Text>
  );
}

export function TeamTab() {
  const { t } = useTranslation();
  const words = useVocabulary();
  const me = useSession().data!;
  const format = useFormat();
  const utils = trpc.useUtils();
  const [includeHidden, setIncludeHidden] = useState(false);
  const [filter, setFilter] = useState('');
  const users = trpc.users.list.useQuery({ includeHidden });
  const groups = trpc.groups.list.useQuery();
  const [editing, setEditing] = useState<TUser | 'new' | null>(null);
  const [confirmation, confirm] = useConfirm();
  const refresh = () => utils.users.list.invalidate();
  const onError = (e: unknown) => notifyError(t, e);
  const setActive = trpc.users.setActive.useMutation({ onSuccess: refresh, onError });
  const setHidden = trpc.users.setHidden.useMutation({ onSuccess: refresh, onError });
  const logout = trpc.users.logoutEverywhere.useMutation();
  const remove = trpc.users.delete.useMutation();
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, words.group(g)]));
  const needle = filter.trim().toLowerCase();
  const shown = (users.data ?? []).filter(
    (u) => !needle || u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle),
  );

  function askLogout(user: TUser) {
    confirm({
      title: t('team.logoutEverywhere'),
      message: t('team.confirmLogout', { email: user.email }),
      confirmLabel: t('team.logoutEverywhere'),
      onConfirm: () => logout.mutateAsync({ id: user.id }).then(() => notifySuccess(t('team.loggedOut')), onError),
    });
  }

  function askDelete(user: TUser) {
    confirm({
      title: t('team.deleteUser'),
      message: t('team.confirmDelete', { email: user.email }),
      onConfirm: () =>
        remove
          .mutateAsync({ id: user.id })
          .then(() => (notifySuccess(t('team.deleted', { email: user.email })), refresh()), onError),
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <TextInput
            size="xs"
            w={260}
            placeholder={t('team.filter')}
            leftSection={<IconSearch size={14} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            aria-label={t('team.filter')}
          />
          <Switch
            size="sm"
            label={t('team.showHidden')}
            checked={includeHidden}
            onChange={(e) => setIncludeHidden(e.currentTarget.checked)}
            data-testid="show-hidden"
          />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-user">
          {t('team.addUser')}
        </Button>
      </Group>
      {users.error && <Alert color="red">{errorMessage(t, users.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('common.email')}</Table.Th>
            <Table.Th>{t('organisation.groups')}</Table.Th>
            <Table.Th>{t('team.status')}</Table.Th>
            <Table.Th>{t('team.lastLogin')}</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((user) => {
            const self = user.id === me.user.id;
            return (
              <Table.Tr key={user.id} data-testid={`user-row-${user.email}`} opacity={user.hidden ? 0.6 : 1}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="inherit" fw={500}>
                      {user.name}
                    </Text>
                    {self && (
                      <Badge size="xs" variant="outline" color="blue">
                        {t('team.you')}
                      </Badge>
                    )}
                    {user.external && (
                      <Badge size="xs" variant="outline" color="violet">
                        {t('team.external')}
                      </Badge>
                    )}
                    {user.hidden && (
                      <Badge size="xs" color="gray" variant="light">
                        {t('team.hidden')}
                      </Badge>
                    )}
                    {user.mfaEnabled && (
                      <Badge size="xs" color="teal" variant="light">
                        MFA
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {user.groupIds
                      .map((id) => groupName.get(id))
                      .filter((name): name is string => !!name)
                      .map((name) => (
                        <Badge key={name} size="xs" variant="default" tt="none" fw={500}>
                          {name}
                        </Badge>
                      ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={user.active ? 'teal' : 'red'} variant="light" size="sm">
                    {user.active ? t('team.active') : t('team.deactivated')}
                  </Badge>
                </Table.Td>
                <Table.Td>{format.dateTime(user.lastLoginAt)}</Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal width={260}>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('common.actions')}
                        data-testid="user-actions"
                      >
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(user)}>
                        {t('common.edit')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={user.active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
                        disabled={self}
                        onClick={() => setActive.mutate({ id: user.id, active: !user.active })}
                        data-testid="toggle-active"
                      >
                        {user.active ? t('team.deactivate') : t('team.activate')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={user.hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
                        onClick={() => setHidden.mutate({ id: user.id, hidden: !user.hidden })}
                        data-testid="toggle-hidden"
                      >
                        {user.hidden ? t('team.show') : t('team.hide')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconLogout size={14} />}
                        disabled={user.external}
                        onClick={() => askLogout(user)}
                        data-testid="logout-everywhere"
                      >
                        {t('team.logoutEverywhere')}
                        {user.external && <Blocked reason={t('errors.EXTERNAL_USER_LOGOUT')} />}
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        disabled={user.external || self}
                        onClick={() => askDelete(user)}
                        data-testid="delete-user"
                      >
                        {t('common.delete')}
                        {user.external && <Blocked reason={t('errors.EXTERNAL_USER_DELETE')} />}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {(users.isLoading || (users.data && shown.length === 0)) && (
            <TableMessage colSpan={6} loading={users.isLoading} text={t('team.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {users.data && (
        <Text size="xs" c="dimmed">
          {t('team.count', { count: shown.length })}
        </Text>
      )}
      {editing && <UserModal user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirmation}
    </Stack>
  );
}

function UserModal({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery();
  const create = trpc.users.create.useMutation();
  const update = trpc.users.update.useMutation();
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [access, setAccess] = useState<'invite' | 'password'>('invite');
  const [password, setPassword] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>(user?.groupIds ?? []);
  const [error, setError] = useState<string | null>(null);
  // Everyone is in the organisation group; the server keeps that membership, so it is not offered here.
  const options = (groups.data ?? [])
    .filter((g) => g.kind !== 'organisation')
    .map((g) => ({ value: g.id, label: words.group(g) }));
  const chosen = groupIds.filter((id) => options.some((o) => o.value === id));

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (user) await update.mutateAsync({ id: user.id, name: name.trim(), groupIds: chosen });
      else
        await create.mutateAsync({
          email: email.trim(),
          name: name.trim(),
          password: access === 'password' ? password : null,
          groupIds: chosen,
        });
      await utils.users.list.invalidate();
      await utils.groups.list.invalidate();
      notifySuccess(user ? t('common.saved') : access === 'password' ? t('team.created') : t('team.invited'));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal opened onClose={onClose} title={user ? t('team.editUser') : t('team.addUser')}>
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && (
            <Alert color="red" data-testid="user-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('common.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={!!user}
            required
            data-autofocus
            data-testid="user-email"
          />
          <TextInput
            label={t('common.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-testid="user-name"
          />
          <MultiSelect
            label={t('organisation.groups')}
            description={t('team.groupsHint')}
            data={options}
            value={chosen}
            onChange={setGroupIds}
            searchable
            clearable
            data-testid="user-groups"
          />
          {!user && (
            <>
              <SegmentedControl
                value={access}
                onChange={(v) => setAccess(v === 'password' ? 'password' : 'invite')}
                data={[
                  { value: 'invite', label: t('team.sendInvitation') },
                  { value: 'password', label: t('team.setPassword') },
                ]}
                data-testid="user-access"
              />
              {access === 'password' ? (
                <PasswordInput
                  label={t('common.password')}
                  description={t('password.rule')}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                  data-testid="user-password"
                />
              ) : (
                <Text size="xs" c="dimmed">
                  {t('team.invitationHint')}
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={!groups.data}
              data-testid="user-submit"
            >
              {user ? t('common.save') : access === 'password' ? t('team.create') : t('team.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
