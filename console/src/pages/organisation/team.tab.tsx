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
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TUser = RouterOutputs['users']['list'][number];

export function TeamTab() {
  const { t } = useTranslation();
  const me = useSession().data!;
  const utils = trpc.useUtils();
  const [includeHidden, setIncludeHidden] = useState(false);
  const users = trpc.users.list.useQuery({ includeHidden });
  const groups = trpc.groups.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TUser | null>(null);
  const done = { onSuccess: () => utils.users.list.invalidate(), onError: (e: unknown) => notifyError(t, e) };
  const setActive = trpc.users.setActive.useMutation(done);
  const setHidden = trpc.users.setHidden.useMutation(done);
  const logout = trpc.users.logoutEverywhere.useMutation({
    ...done,
    onSuccess: () => notifySuccess(t('team.loggedOut')),
  });
  const remove = trpc.users.delete.useMutation(done);
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));

  return (
    <Stack>
      <Group justify="space-between">
        <Switch
          label={t('team.showHidden')}
          checked={includeHidden}
          onChange={(e) => setIncludeHidden(e.currentTarget.checked)}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('team.addUser')}
        </Button>
      </Group>
      {users.error && <Alert color="red">{errorMessage(t, users.error)}</Alert>}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('common.email')}</Table.Th>
            <Table.Th>{t('organisation.groups')}</Table.Th>
            <Table.Th>{t('team.status')}</Table.Th>
            <Table.Th>{t('team.lastLogin')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data?.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
              <Table.Td>
                <Group gap={6}>
                  {user.name}
                  {user.external && (
                    <Badge size="xs" variant="outline">
                      {t('team.external')}
                    </Badge>
                  )}
                  {user.hidden && (
                    <Badge size="xs" color="gray">
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
                <Text size="sm">
                  {user.groupIds
                    .map((id) => groupName.get(id))
                    .filter(Boolean)
                    .join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={user.active ? 'teal' : 'red'} variant="light">
                  {user.active ? t('team.active') : t('team.deactivated')}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDateTime(user.lastLoginAt)}</Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('common.actions')}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setEditing(user)}>{t('common.edit')}</Menu.Item>
                    <Menu.Item
                      disabled={user.id === me.user.id}
                      onClick={() => setActive.mutate({ id: user.id, active: !user.active })}
                    >
                      {user.active ? t('team.deactivate') : t('team.activate')}
                    </Menu.Item>
                    <Menu.Item onClick={() => setHidden.mutate({ id: user.id, hidden: !user.hidden })}>
                      {user.hidden ? t('team.show') : t('team.hide')}
                    </Menu.Item>
                    <Menu.Item
                      disabled={user.external}
                      title={user.external ? t('errors.EXTERNAL_USER_LOGOUT') : undefined}
                      onClick={() => logout.mutate({ id: user.id })}
                    >
                      {t('team.logoutEverywhere')}
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      disabled={user.external || user.id === me.user.id}
                      title={user.external ? t('errors.EXTERNAL_USER_DELETE') : undefined}
                      onClick={() => {
                        if (window.confirm(t('team.confirmDelete', { email: user.email })))
                          remove.mutate({ id: user.id });
                      }}
                    >
                      {t('common.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UserModal
        key={editing?.id ?? (creating ? 'new' : 'none')}
        user={editing}
        opened={creating || !!editing}
        onClose={() => (setCreating(false), setEditing(null))}
      />
    </Stack>
  );
}

function UserModal({ user, opened, onClose }: { user: TUser | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery();
  const create = trpc.users.create.useMutation();
  const update = trpc.users.update.useMutation();
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [password, setPassword] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>(user?.groupIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const options = (groups.data ?? [])
    .filter((g) => g.kind !== 'organisation')
    .map((g) => ({ value: g.id, label: g.name }));

  async function save() {
    setError(null);
    try {
      if (user) await update.mutateAsync({ id: user.id, name, groupIds });
      else await create.mutateAsync({ email, name, password: password || null, groupIds });
      await utils.users.list.invalidate();
      notifySuccess(user ? t('common.saved') : password ? t('team.created') : t('team.invited'));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={user ? t('team.editUser') : t('team.addUser')}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput
          label={t('common.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          disabled={!!user}
          required
        />
        <TextInput label={t('common.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        {!user && (
          <PasswordInput
            label={t('common.password')}
            description={t('team.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        )}
        <MultiSelect
          label={t('organisation.groups')}
          data={options}
          value={groupIds.filter((id) => options.some((o) => o.value === id))}
          onChange={setGroupIds}
          searchable
        />
        <Button onClick={() => void save()} loading={create.isPending || update.isPending} w="fit-content">
          {user ? t('common.save') : password ? t('team.create') : t('team.invite')}
        </Button>
      </Stack>
    </Modal>
  );
}
