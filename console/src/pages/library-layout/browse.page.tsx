import { Alert, AspectRatio, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';
import { childrenOf, type TFolder } from '../folders/folder-tree';
import { ItemDuration, ItemThumbnail, ItemTypeIcon } from '../folders/item-visuals';
import { LibraryLayout } from './library.layout';

const PAGE_SIZE = 48;

/** /browse: the folder tree and a grid of the chosen folder's items, behind the browse feature flag. */
export default function BrowsePage() {
  return (
    <LibraryLayout feature="browse">
      {(folder, folders) => <BrowseGrid key={folder.id} folder={folder} folders={folders} />}
    </LibraryLayout>
  );
}

function BrowseGrid({ folder, folders }: { folder: TFolder; folders: readonly TFolder[] }) {
  const { t } = useTranslation();
  const items = trpc.browse.folder.useInfiniteQuery(
    { folderId: folder.id, limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  if (items.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (items.error) return <Alert color="red">{errorMessage(t, items.error)}</Alert>;
  const list = items.data?.pages.flatMap((page) => page.items) ?? [];
  // Subfolders open in place, before the folder's own items.
  const subfolders = childrenOf(folders).get(folder.id) ?? [];
  if (list.length === 0 && subfolders.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="browse-empty">
        {t('library.browse.empty')}
      </Text>
    );
  }
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} spacing="sm" data-testid="browse-grid">
        {subfolders.map((sub) => (
          <Card
            key={sub.id}
            withBorder
            padding={0}
            component={Link}
            to={`/browse?folderId=${sub.id}`}
            data-testid="browse-subfolder"
            data-name={sub.name}
          >
            <AspectRatio ratio={16 / 9}>
              <Center bg="var(--mantine-color-default-hover)" c="dimmed">
                <IconFolder size={40} />
              </Center>
            </AspectRatio>
            <Text size="sm" fw={500} p="xs" lineClamp={2} title={sub.name}>
              {sub.name}
            </Text>
          </Card>
        ))}
        {list.map((item) => (
          <Card
            key={item.id}
            withBorder
            padding={0}
            component={Link}
            to={`/item-details/${item.id}`}
            data-testid="browse-item"
            data-title={item.title}
          >
            <AspectRatio ratio={16 / 9}>
              <ItemThumbnail item={item} />
            </AspectRatio>
            <Stack gap={2} p="xs">
              <Text size="sm" fw={500} lineClamp={2} title={item.title}>
                {item.title}
              </Text>
              <Group gap={6} c="dimmed" wrap="nowrap">
                <ItemTypeIcon type={item.itemType} size={14} />
                <Text size="xs" c="dimmed">
                  <ItemDuration item={item} fallback="" />
                </Text>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <LoadMore query={items} />
    </Stack>
  );
}
