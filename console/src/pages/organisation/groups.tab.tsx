import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  effectivePermissions,
  isDefaultGrant,
  implyingPermissions,
  permissionGroups,
  type Permission,
} from '@mam/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TGroup = RouterOutputs['groups']['list'][number];

export function GroupsTab() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const create = trpc.groups.create.useMutation({ onSuccess: () => utils.groups.list.invalidate() });
  const selected = groups.data?.find((g) => g.id === selectedId) ?? groups.data?.[0];

  async function add() {
    try {
      const group = await create.mutateAsync({ name: newName });
      setNewName('');
      setSelectedId(group.id);
    } catch (e) {
      notifyError(t, e);
    }
  }

  if (groups.error) return <Alert color="red">{errorMessage(t, groups.error)}</Alert>;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="xs">
          {groups.data?.map((g) => (
            <NavLink
              key={g.id}
              label={g.name}
              description={t(`groups.kind.${g.kind}`)}
              rightSection={
                <Badge size="xs" variant="light">
                  {g.memberCount}
                </Badge>
              }
              active={g.id === selected?.id}
              onClick={() => setSelectedId(g.id)}
            />
          ))}
          <Group gap={4} mt="xs" wrap="nowrap">
            <TextInput
              size="xs"
              placeholder={t('groups.newGroup')}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <ActionIcon
              onClick={() => void add()}
              disabled={!newName.trim()}
              loading={create.isPending}
              aria-label={t('groups.create')}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>{selected && <GroupEditor key={selected.id} group={selected} />}</Grid.Col>
    </Grid>
  );
}

function GroupEditor({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [settings, setSettings] = useState<Record<string, boolean>>(group.permissions);
  const [name, setName] = useState(group.name);
  const [renaming, setRenaming] = useState(false);
  const invalidate = () => utils.groups.list.invalidate();
  const save = trpc.groups.setPermissions.useMutation({ onSuccess: invalidate });
  const rename = trpc.groups.rename.useMutation({ onSuccess: invalidate });
  const remove = trpc.groups.delete.useMutation({ onSuccess: invalidate });
  const effective = useMemo(() => effectivePermissions([{ permissions: settings }]), [settings]);
  const dirty = JSON.stringify(settings) !== JSON.stringify(group.permissions);

  /** Why a permission is on: set here, a default, or implied by another one that is on. */
  function state(permission: Permission) {
    const explicit = settings[permission];
    const grantedDirectly = explicit === true || (explicit === undefined && isDefaultGrant(permission));
    const impliers = implyingPermissions(permission).filter((p) => p !== permission && effective.has(p));
    return {
      on: effective.has(permission),
      grantedDirectly,
      implied: !grantedDirectly && impliers.length > 0,
      impliers,
      explicit,
    };
  }

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md">
        {renaming ? (
          <Group gap="xs">
            <TextInput value={name} onChange={(e) => setName(e.currentTarget.value)} size="sm" />
            <Button
              size="sm"
              onClick={() =>
                rename.mutate(
                  { id: group.id, name },
                  { onSuccess: () => setRenaming(false), onError: (e) => notifyError(t, e) },
                )
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Title order={4}>{group.name}</Title>
            <ActionIcon variant="subtle" onClick={() => setRenaming(true)} aria-label={t('groups.rename')}>
              <IconPencil size={16} />
            </ActionIcon>
          </Group>
        )}
        <Group gap="xs">
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: group.id, permissions: settings },
                { onSuccess: () => notifySuccess(t('common.saved')), onError: (e) => notifyError(t, e) },
              )
            }
          >
            {t('common.save')}
          </Button>
          {group.kind === 'custom' && (
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                color="red"
                variant="light"
                size="lg"
                aria-label={t('common.delete')}
                onClick={() => {
                  if (window.confirm(t('groups.confirmDelete', { name: group.name })))
                    remove.mutate({ id: group.id }, { onError: (e) => notifyError(t, e) });
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {t('groups.matrixHint')}
      </Text>
      <ScrollArea.Autosize mah="65vh">
        <Stack gap="md">
          {Object.entries(permissionGroups).map(([groupId, permissions]) => (
            <div key={groupId}>
              <Text fw={600} size="sm" mb={4}>
                {t(`permissionGroups.${groupId}`)}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={4}>
                {(permissions as readonly Permission[]).map((permission) => {
                  const s = state(permission);
                  return (
                    <Tooltip
                      key={permission}
                      label={t('groups.impliedBy', { permissions: s.impliers.join(', ') })}
                      disabled={!s.implied}
                    >
                      <Checkbox
                        size="xs"
                        checked={s.on}
                        disabled={s.implied}
                        label={
                          <Group gap={4}>
                            <Text size="xs" ff="monospace">
                              {permission}
                            </Text>
                            {s.explicit === undefined && isDefaultGrant(permission) && (
                              <Badge size="xs" variant="outline" color="gray">
                                {t('groups.default')}
                              </Badge>
                            )}
                          </Group>
                        }
                        onChange={(e) => setSettings({ ...settings, [permission]: e.currentTarget.checked })}
                      />
                    </Tooltip>
                  );
                })}
              </SimpleGrid>
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
