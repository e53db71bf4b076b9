import { Alert, Anchor, Breadcrumbs, Center, Grid, Loader, NavLink, Paper, ScrollArea } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderOpen, IconLock } from '@tabler/icons-react';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/app-error';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { pathTo, visibleRows, type TFolder } from '../folders/folder-tree';

export type TLibraryFeature = 'browse' | 'export';

/**
 * The layout /browse and /export share (spec section 2): the folder tree on the left, the chosen folder on the right.
 * It exists only while the route's feature flag is on for the tenant; otherwise it says so (and the server refuses
 * the feature's calls).
 */
export function LibraryLayout({
  feature,
  children,
}: {
  feature: TLibraryFeature;
  children: (folder: TFolder, folders: readonly TFolder[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession().data!;
  const enabled = session.featureFlags.includes(feature);
  const [params] = useSearchParams();
  const folderId = params.get('folderId');
  const tree = trpc.folders.tree.useQuery(undefined, { enabled });
  const base = `/${feature}`;

  if (!enabled) {
    return (
      <>
        <PageHeader title={t(`library.${feature}.title`)} />
        <Alert color="gray" title={t('library.disabledTitle')} data-testid="feature-disabled">
          {t(`library.${feature}.disabled`)}
        </Alert>
      </>
    );
  }
  if (tree.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (tree.error || !tree.data) return <Alert color="red">{errorMessage(t, tree.error)}</Alert>;
  const { rootId, folders } = tree.data;
  if (!folderId) return <Navigate to={`${base}?folderId=${rootId}`} replace />;
  const path = pathTo(folders, folderId);
  const folder = path[path.length - 1];

  return (
    <>
      <PageHeader
        title={t(`library.${feature}.title`)}
        description={
          <Breadcrumbs separatorMargin={4} data-testid="library-path">
            {path.map((f) => (
              <Anchor key={f.id} component={Link} to={`${base}?folderId=${f.id}`} size="sm">
                {f.name}
              </Anchor>
            ))}
          </Breadcrumbs>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <LibraryTree folders={folders} rootId={rootId} currentId={folderId} base={base} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }} miw={0}>
          {folder ? (
            children(folder, folders)
          ) : (
            <Alert color="gray" data-testid="folder-missing">
              {t('errors.NOT_FOUND')}
            </Alert>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

/** A read-only folder tree: browsing and exporting change nothing in it. */
function LibraryTree({
  folders,
  rootId,
  currentId,
  base,
}: {
  folders: readonly TFolder[];
  rootId: string;
  currentId: string;
  base: string;
}) {
  const { t } = useTranslation();
  // The way to the current folder starts open.
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set([rootId, ...pathTo(folders, currentId).map((f) => f.id)]),
  );
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // The chevron opens or closes the folder without following the link around it.
  const flip = (event: SyntheticEvent, id: string) => {
    event.preventDefault();
    event.stopPropagation();
    toggle(id);
  };
  return (
    <Paper withBorder p={4}>
      <ScrollArea.Autosize mah="70vh">
        {visibleRows(folders, rootId, expanded).map(({ folder, depth, hasChildren }) => {
          const open = expanded.has(folder.id);
          const restricted = folder.visibleTo && folder.visibleTo.level !== 'tenant';
          return (
            <NavLink
              key={folder.id}
              component={Link}
              to={`${base}?folderId=${folder.id}`}
              active={folder.id === currentId}
              variant="light"
              py={4}
              pl={8 + depth * 14}
              label={folder.name}
              data-testid="library-folder"
              data-name={folder.name}
              leftSection={
                <>
                  {hasChildren ? (
                    <span
                      role="button"
                      tabIndex={0}
                      aria-label={open ? t('folders.collapse') : t('folders.expand')}
                      aria-expanded={open}
                      onClick={(e) => flip(e, folder.id)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === ' ') flip(e, folder.id);
                      }}
                      style={{ display: 'inline-flex', cursor: 'pointer' }}
                    >
                      {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                    </span>
                  ) : (
                    <span style={{ width: 14, display: 'inline-block' }} />
                  )}
                  {folder.id === currentId ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
                </>
              }
              rightSection={restricted ? <IconLock size={12} aria-label={t('folders.restricted')} /> : undefined}
            />
          );
        })}
      </ScrollArea.Autosize>
    </Paper>
  );
}
