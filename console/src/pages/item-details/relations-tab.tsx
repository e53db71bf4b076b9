import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { pickerQuery } from './relation-picker';

type TRelation = RouterOutputs['relations']['list'][number];
const kinds = ['derived_from', 'version_of', 'appears_in', 'related'] as const;
type TKind = (typeof kinds)[number];

/** The relations of the item in both directions, grouped by how they read from here; add by searching the library. */
export function RelationsTab({ itemId, canAdd }: { itemId: string; canAdd: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const relations = trpc.relations.list.useQuery({ itemId });
  const [kind, setKind] = useState<TKind>('related');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [otherId, setOtherId] = useState<string | null>(null);
  const found = trpc.search.items.useQuery(
    { q: pickerQuery(debounced), limit: 20, typeFilter: 'all', counts: false },
    { enabled: canAdd && debounced.length > 0 },
  );
  const refresh = () => utils.relations.list.invalidate();
  const add = trpc.relations.add.useMutation({
    onSuccess: () => {
      setOtherId(null);
      setQuery('');
      void refresh();
    },
    onError: (error) => notifyError(t, error),
  });
  const remove = trpc.relations.remove.useMutation({
    onSuccess: () => void refresh(),
    onError: (error) => notifyError(t, error),
  });

  if (relations.isLoading)
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  if (relations.error || !relations.data) return <Alert color="red">{errorMessage(t, relations.error)}</Alert>;
  const groups = new Map<string, TRelation[]>();
  for (const relation of relations.data) {
    const key = `${relation.kind}.${relation.direction}`;
    groups.set(key, [...(groups.get(key) ?? []), relation]);
  }
  const options = (found.data?.hits ?? [])
    .filter((hit) => hit.id !== itemId)
    .map((hit) => ({ value: hit.id, label: hit.title }));

  return (
    <Stack gap="md" data-testid="relations-tab">
      {canAdd && (
        <Group align="flex-end" gap="xs">
          <Select
            label={t('relations.kind')}
            data={kinds.map((value) => ({ value, label: t(`relations.kinds.${value}.outgoing`) }))}
            value={kind}
            onChange={(value) => value && setKind(value as TKind)}
            allowDeselect={false}
            w={180}
            data-testid="relation-kind"
          />
          <Select
            label={t('relations.item')}
            placeholder={t('relations.searchPlaceholder')}
            searchable
            searchValue={query}
            onSearchChange={setQuery}
            data={options}
            value={otherId}
            onChange={setOtherId}
            filter={({ options: all }) => all}
            nothingFoundMessage={debounced ? t('relations.nothingFound') : undefined}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="relation-item"
          />
          <Button
            leftSection={<IconLink size={14} />}
            disabled={!otherId}
            loading={add.isPending}
            onClick={() => otherId && add.mutate({ fromItemId: itemId, toItemId: otherId, kind })}
            data-testid="relation-add"
          >
            {t('relations.add')}
          </Button>
        </Group>
      )}
      {relations.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('relations.empty')}
        </Text>
      )}
      {[...groups].map(([key, members]) => (
        <Stack key={key} gap="xs" data-testid={`relation-group-${key}`}>
          <Title order={5}>{t(`relations.kinds.${key}`)}</Title>
          {members.map((relation) => (
            <Paper key={relation.id} withBorder p="xs" data-testid="relation">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  {relation.other.thumbnail ? (
                    <Image src={relation.other.thumbnail} w={80} h={45} fit="cover" radius="sm" alt="" />
                  ) : (
                    <Center w={80} h={45} bg="var(--mantine-color-default-hover)">
                      <IconPhoto size={18} />
                    </Center>
                  )}
                  <Anchor component={Link} to={`/item-details/${relation.other.id}`} data-testid="relation-link">
                    {relation.other.title}
                  </Anchor>
                </Group>
                {relation.canRemove && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('relations.remove')}
                    onClick={() => remove.mutate({ id: relation.id })}
                    data-testid="relation-remove"
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
