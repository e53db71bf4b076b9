import { Alert, Anchor, Breadcrumbs, Button, Center, Grid, Group, Loader } from '@mantine/core';
import { IconCloudUpload, IconLock, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { RequestUploadDialog } from '../../features/upload-requests/request-upload.dialog';
import { ShareDialog } from '../../features/shares/share-dialog';
import { SequenceImportButton } from '../../features/sequence-interchange';
import { errorMessage } from '../../lib/app-error';
import { MissingTarget } from '../../components/missing-target';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { FolderItemsPanel } from './folder-items.panel';
import { pathTo } from './folder-tree';
import { FolderTreePanel } from './folder-tree.panel';

/**
 * Folder view (route `folders`, query folderId; spec section 2). Without a folderId it redirects to the same route
 * with the tenant root folder. The tree is on the left, the folder's items on the right.
 */
export default function FoldersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const folderId = params.get('folderId');
  const tree = trpc.folders.tree.useQuery();
  const can = useCan();
  const [requesting, setRequesting] = useState(false);
  const [sharing, setSharing] = useState(false);

  if (tree.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (tree.error || !tree.data) return <Alert color="red">{errorMessage(t, tree.error)}</Alert>;
  const { rootId, folders } = tree.data;
  if (!folderId) return <Navigate to={`/folders?folderId=${rootId}`} replace />;

  const path = pathTo(folders, folderId);
  const folder = path[path.length - 1];
  const restricted = folder?.visibleTo && folder.visibleTo.level !== 'tenant';

  return (
    <>
      <PageHeader
        title={folder?.name ?? t('folders.title')}
        badge={restricted ? <IconLock size={18} aria-label={t('folders.restricted')} /> : undefined}
        actions={
          folder ? (
            <Group gap="xs">
              {can('shareMedia') && (
                <Button
                  variant="default"
                  leftSection={<IconShare size={16} />}
                  onClick={() => setSharing(true)}
                  data-testid="share-folder"
                >
                  {t('shares.share')}
                </Button>
              )}
              {folder.canAddTo && can('cutter') && <SequenceImportButton folderId={folder.id} />}
              {folder.canAddTo && can('requestUpload') && (
                <Button
                  variant="light"
                  leftSection={<IconCloudUpload size={16} />}
                  onClick={() => setRequesting(true)}
                  data-testid="request-upload"
                >
                  {t('uploadRequests.action')}
                </Button>
              )}
            </Group>
          ) : undefined
        }
        description={
          path.length > 1 ? (
            <Breadcrumbs separatorMargin={4} data-testid="folder-path">
              {path.map((f) => (
                <Anchor key={f.id} component={Link} to={`/folders?folderId=${f.id}`} size="sm">
                  {f.name}
                </Anchor>
              ))}
            </Breadcrumbs>
          ) : undefined
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <FolderTreePanel folders={folders} rootId={rootId} currentId={folderId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          {folder ? (
            <FolderItemsPanel key={folder.id} folder={folder} folders={folders} rootId={rootId} />
          ) : (
            // A folder that was deleted, moved out of reach or never existed for this user.
            <MissingTarget kind="folder" id={folderId} rootFolderId={rootId} testId="folder-missing" />
          )}
        </Grid.Col>
      </Grid>
      {folder && requesting && (
        <RequestUploadDialog folder={folder} opened={requesting} onClose={() => setRequesting(false)} />
      )}
      {folder && sharing && (
        <ShareDialog folderId={folder.id} defaultTitle={folder.name} opened onClose={() => setSharing(false)} />
      )}
    </>
  );
}
