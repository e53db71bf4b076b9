import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat } from '../../lib/format';
import { ItemTypeIcon, useDurationWords } from '../folders/item-visuals';
import { MediaViewer } from '../item-details/media-viewer';
import type { TSearchHit } from './use-search-results';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** A look at a hit without leaving the search: its player or picture, what it is, and the way to its page. */
export function QuickPreviewModal({ item, onClose }: { item: TSearchHit; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDurationWords();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        <Text fw={600} data-testid="preview-title">
          {item.title}
        </Text>
      }
      data-testid="quick-preview"
    >
      <Stack gap="md">
        <MediaViewer item={item} />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Fact label={t('items.type')} testId="preview-type">
            <Group gap={6} wrap="nowrap">
              <ItemTypeIcon type={item.itemType} size={14} />
              {t(`items.types.${item.itemType}`)}
            </Group>
          </Fact>
          <Fact label={t('items.duration')} testId="preview-duration">
            {duration(item) ?? '—'}
          </Fact>
          <Fact label={t('items.created')} testId="preview-created">
            {format.dateTime(item.createdAt)}
          </Fact>
        </SimpleGrid>
        {item.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4} data-testid="preview-description">
            {item.description}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('search.preview.close')}
          </Button>
          <Button
            component={Link}
            to={`/item-details/${item.id}`}
            leftSection={<IconExternalLink size={16} />}
            data-testid="preview-open-details"
          >
            {t('search.preview.details')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
