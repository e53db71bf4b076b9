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
  implyingPermissions,
  isDefaultGrant,
  permissionGroups,
  type Permission,
} from '@mam/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { errorMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useVocabulary } from '../../lib/vocabulary';

type TGroup = RouterOutputs['groups']['list'][number];

export function GroupsTab() {
  const { t } = useTranslation();
  const words = useVocabulary();
  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const create = trpc.groups.create.useMutation({ onSuccess: () => utils.groups.list.invalidate() });
  const selected = groups.data?.find((g) => g.id === selectedId) ?? groups.data?.[0];

  async function add(event: FormEvent) {
    event.preventDefault();
    try {
      const group = await create.mutateAsync({ name: newName.trim() });
      setNewName('');
      setSelectedId(group.id);
      notifySuccess(t('groups.created', { name: group.name }));
    } catch (e) {
      notifyError(t, e);
    }
  }

  if (groups.error) return <Alert color="red">{errorMessage(t, groups.error)}</Alert>;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p={6}>
          <Stack gap={2}>
            {groups.data?.map((g) => (
              <NavLink
                key={g.id}
                label={words.group(g)}
                description={t(`groups.kind.${g.kind}`)}
                title={words.groupHint(g) ?? undefined}
                rightSection={
                  <Tooltip label={t('groups.members', { count: g.memberCount })}>
                    <Badge size="xs" variant="light" color="gray">
                      {g.memberCount}
                    </Badge>
                  </Tooltip>
                }
                active={g.id === selected?.id}
                onClick={() => setSelectedId(g.id)}
                variant="light"
                data-testid={`group-${g.name}`}
              />
            ))}
          </Stack>
          <form onSubmit={(e) => void add(e)}>
            <Group gap={4} mt="xs" wrap="nowrap">
              <TextInput
                size="xs"
                placeholder={t('groups.newGroup')}
                aria-label={t('groups.newGroup')}
                value={newName}
                onChange={(e) => setNewName(e.currentTarget.value)}
                style={{ flex: 1 }}
                maxLength={100}
                data-testid="new-group-name"
              />
              <Tooltip label={t('groups.create')}>
                <ActionIcon
                  type="submit"
                  size="md"
                  disabled={!newName.trim()}
                  loading={create.isPending}
                  aria-label={t('groups.create')}
                  data-testid="create-group"
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected && (
          <GroupEditor
            key={`${selected.id}:${JSON.stringify(selected.permissions)}`}
            group={selected}
            onDeleted={() => setSelectedId(null)}
          />
        )}
      </Grid.Col>
    </Grid>
  );
}

interface TPermissionState {
  on: boolean;
  implied: boolean;
  impliers: Permission[];
  isDefault: boolean;
  explicit: boolean | undefined;
}

function GroupEditor({ group, onDeleted }: { group: TGroup; onDeleted: () => void }) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const utils = trpc.useUtils();
  const [settings, setSettings] = useState<Record<string, boolean>>(group.permissions);
  const [name, setName] = useState(group.name);
  const [renaming, setRenaming] = useState(false);
  const [confirmation, confirm] = useConfirm();
  const invalidate = () => utils.groups.list.invalidate();
  const save = trpc.groups.setPermissions.useMutation({ onSuccess: invalidate });
  const rename = trpc.groups.rename.useMutation({ onSuccess: invalidate });
  const remove = trpc.groups.delete.useMutation({ onSuccess: invalidate });
  const effective = useMemo(() => effectivePermissions([{ permissions: settings }]), [settings]);
  const dirty = JSON.stringify(settings) !== JSON.stringify(group.permissions);
  const builtIn = group.kind !== 'custom';

  /** Whether a permission is on, and why: set here, a default, or implied by another one that is on. */
  function state(permission: Permission): TPermissionState {
    const impliers = implyingPermissions(permission).filter((p) => p !== permission && effective.has(p));
    return {
      on: effective.has(permission),
      implied: impliers.length > 0,
      impliers,
      isDefault: isDefaultGrant(permission),
      explicit: settings[permission],
    };
  }

  async function submitRename(event: FormEvent) {
    event.preventDefault();
    try {
      await rename.mutateAsync({ id: group.id, name: name.trim() });
      setRenaming(false);
    } catch (e) {
      notifyError(t, e);
    }
  }

  function askDelete() {
    confirm({
      title: t('groups.deleteTitle'),
      message: t('groups.confirmDelete', { name: group.name }),
      onConfirm: () => remove.mutateAsync({ id: group.id }).then(onDeleted, (e: unknown) => notifyError(t, e)),
    });
  }

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        {renaming ? (
          <form onSubmit={(e) => void submitRename(e)}>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                size="xs"
                aria-label={t('groups.rename')}
                maxLength={100}
                autoFocus
                data-testid="rename-group-input"
              />
              <ActionIcon
                type="submit"
                loading={rename.isPending}
                disabled={!name.trim()}
                aria-label={t('common.save')}
              >
                <IconCheck size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                onClick={() => (setRenaming(false), setName(group.name))}
                aria-label={t('common.cancel')}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </form>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Title order={4} title={words.groupHint(group) ?? undefined}>
              {words.group(group)}
            </Title>
            {/* The kind is short and said in full; the group's own name wraps instead. */}
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t(`groups.kind.${group.kind}`)}
            </Badge>
            <Tooltip label={t('groups.rename')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setRenaming(true)}
                aria-label={t('groups.rename')}
                data-testid="rename-group"
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        <Group gap="xs" wrap="nowrap">
          {dirty && (
            <Button variant="default" size="xs" onClick={() => setSettings(group.permissions)}>
              {t('common.discard')}
            </Button>
          )}
          <Button
            size="xs"
            disabled={!dirty}
            loading={save.isPending}
            data-testid="save-permissions"
            onClick={() =>
              save.mutate(
                { id: group.id, permissions: settings },
                { onSuccess: () => notifySuccess(t('common.saved')), onError: (e) => notifyError(t, e) },
              )
            }
          >
            {t('common.save')}
          </Button>
          <Tooltip label={builtIn ? t('errors.GROUP_IN_USE') : t('groups.deleteTitle')}>
            <ActionIcon
              color="red"
              variant="light"
              size="md"
              disabled={builtIn}
              aria-label={t('groups.deleteTitle')}
              onClick={askDelete}
              data-testid="delete-group"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="md" mb="sm">
        <Text size="xs" c="dimmed">
          {t('groups.matrixHint')}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="outline" color="gray" tt="lowercase">
            {t('groups.default')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('groups.defaultHint')}
          </Text>
        </Group>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 300px)" offsetScrollbars>
        <Stack gap="md">
          {Object.entries(permissionGroups).map(([groupId, permissions]) => (
            <div key={groupId} data-testid={`permission-group-${groupId}`}>
              <Text fw={600} size="xs" tt="uppercase" c="dimmed" mb={6} lts={0.5}>
                {t(`permissionGroups.${groupId}`)}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6} verticalSpacing={6}>
                {(permissions as readonly Permission[]).map((permission) => {
                  const s = state(permission);
                  return (
                    <Checkbox
                      key={permission}
                      size="xs"
                      checked={s.on}
                      disabled={s.implied}
                      data-testid={`permission-${permission}`}
                      data-implied={s.implied || undefined}
                      label={
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={permission} openDelay={400}>
                            <Text size="xs" fw={500} data-permission-id={permission}>
                              {words.permission(permission).name}
                            </Text>
                          </Tooltip>
                          {s.isDefault && (
                            <Tooltip
                              label={s.explicit === false ? t('groups.defaultOverridden') : t('groups.defaultHint')}
                            >
                              <Badge
                                size="xs"
                                variant="outline"
                                color={s.explicit === false ? 'orange' : 'gray'}
                                tt="lowercase"
                                style={{ flexShrink: 0, overflow: 'visible' }}
                              >
                                {t('groups.default')}
                              </Badge>
                            </Tooltip>
                          )}
                        </Group>
                      }
                      description={
                        <>
                          {words.permission(permission).hint}
                          {s.implied && (
                            <Text span size="xs" c="dimmed" display="block" data-testid="implied-by">
                              {t('groups.impliedBy', {
                                permissions: s.impliers.map((p) => words.permission(p).name).join(', '),
                              })}
                            </Text>
                          )}
                        </>
                      }
                      onChange={(e) => setSettings({ ...settings, [permission]: e.currentTarget.checked })}
                    />
                  );
                })}
              </SimpleGrid>
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {confirmation}
    </Paper>
  );
}
