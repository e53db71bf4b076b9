import type { ItemMedia } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { insertItem, type TTwoTenantLibrary } from './library-fixtures';
import type { TestApp } from './test-app';

/** 10 s of 1080p25 H.264 with no start timecode, changed as `over` says. */
export const videoMedia = (over: Partial<ItemMedia>): ItemMedia => ({
  durationSeconds: 10,
  frameRate: '25/1',
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  audioCodec: 'aac',
  audioChannels: 2,
  sampleRate: 48000,
  container: 'mp4',
  mimeType: 'video/mp4',
  bitRate: null,
  timecodeStart: null,
  segmentCount: null,
  segmentDuration: null,
  ...over,
});

/** A processed item whose leading version has the given media (the pipeline is not what these tests are about). */
export async function insertMediaItem(
  t: TestApp,
  tenant: TTwoTenantLibrary['alpha'],
  values: { title: string; folderId: string | null; itemType?: TItemRow['itemType'] },
  itemMedia: ItemMedia,
): Promise<TItemRow> {
  const row = await insertItem(t, tenant, { ...values, ownerId: tenant.admin.id });
  const { repos } = t.services.deps;
  await repos.items.updateVersion(tenant.tenant.id, row.leadingVersionId!, { media: itemMedia });
  if (values.itemType) await repos.items.update(tenant.tenant.id, row.id, { itemType: values.itemType });
  return { ...row, itemType: values.itemType ?? row.itemType };
}
