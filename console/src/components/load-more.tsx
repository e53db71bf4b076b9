import { Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The next page of an infinite query, on demand; nothing when there is no next page. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Center>
      <Button
        variant="default"
        size="xs"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
        data-testid="load-more"
      >
        {t('items.loadMore')}
      </Button>
    </Center>
  );
}
