import { liveSourceModes, liveSourceTypes, ZLiveSourceInput, ZLiveSourcePipeline } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';
import { recordingStreams, type TRecordingStream } from '../../services/live/recording-segments.service';

const ZSourceParams = z.object({ id: z.uuid() });

export const ZLiveSourceView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(liveSourceTypes),
    mode: z.enum(liveSourceModes).describe('caller/pull: the server connects out; listener/push: it receives'),
    location: z.string().describe('The address pulled from, or the local address and port the server receives on'),
    cidr: z.array(z.string()).describe('Push sources: the ranges senders must push from'),
    credentialsSet: z
      .object({ passphrase: z.boolean(), streamKey: z.boolean(), username: z.boolean(), password: z.boolean() })
      .describe('Which secrets are stored; their values are never returned'),
    pipeline: ZLiveSourcePipeline,
    folderId: z.uuid().nullable(),
    ingestUrl: z.string().nullable().describe('Listener and push sources: where encoders send the feed'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LiveSource' });

const ZCrashRecording = z
  .object({
    itemId: z.uuid().describe('The live item the recording goes into'),
    originSourceId: z.uuid().describe('The source the recording began on (a switch keeps it)'),
    recordingSourceId: z.uuid().describe('The source recorded now'),
    startedAt: z.string(),
  })
  .meta({ id: 'CrashRecording' });

const ZLiveSourceWithRecording = ZLiveSourceView.extend({
  recording: ZCrashRecording.nullable().describe('The crash recording that records this source now'),
}).meta({ id: 'LiveSourceWithRecording' });

const ZSourceBody = ZLiveSourceInput.meta({ id: 'LiveSourceInput' });

export const listLiveSourcesRoute = defineRoute({
  method: 'GET',
  path: '/live-sources',
  operationId: 'listLiveSources',
  summary: 'The organisation’s live sources (tenant administrators and users who record)',
  tags: ['Live sources'],
  response: z.object({ sources: z.array(ZLiveSourceWithRecording) }),
  handler: async (_input, { services, principal }) => ({
    sources: await services.crashRecordings.listSources(principal.actor),
  }),
});

export const getLiveSourceRoute = defineRoute({
  method: 'GET',
  path: '/live-sources/:id',
  operationId: 'getLiveSource',
  summary: 'One live source',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: ZLiveSourceWithRecording,
  handler: async ({ params }, { services, principal }) =>
    services.crashRecordings.viewSource(principal.actor, params.id),
});

export const createLiveSourceRoute = defineRoute({
  method: 'POST',
  path: '/live-sources',
  operationId: 'createLiveSource',
  summary: 'Add a live source (tenant administrators); push and listener types answer with their ingestUrl',
  tags: ['Live sources'],
  body: ZSourceBody,
  response: ZLiveSourceView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.liveSources.create(principal.actor, body, restMeta(request)),
});

export const updateLiveSourceRoute = defineRoute({
  method: 'PUT',
  path: '/live-sources/:id',
  operationId: 'updateLiveSource',
  summary: 'Replace a live source (tenant administrators); credentials left out are kept, null removes them',
  tags: ['Live sources'],
  params: ZSourceParams,
  body: ZSourceBody,
  response: ZLiveSourceView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.liveSources.update(principal.actor, params.id, body, restMeta(request)),
});

export const deleteLiveSourceRoute = defineRoute({
  method: 'DELETE',
  path: '/live-sources/:id',
  operationId: 'deleteLiveSource',
  summary: 'Delete a live source (tenant administrators)',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.liveSources.delete(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const liveSourceStatusRoute = defineRoute({
  method: 'GET',
  path: '/live-sources/:id/status',
  operationId: 'getLiveSourceStatus',
  summary:
    'Probes the source (answers are shared for a few seconds): ready, recording or offline, its input and picture',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: z
    .object({
      state: z.enum(['ready', 'recording', 'offline']),
      input: z
        .object({
          videoCodec: z.string().nullable(),
          width: z.number().nullable(),
          height: z.number().nullable(),
          frameRate: z.string().nullable(),
          audioCodec: z.string().nullable(),
          audioChannels: z.number().nullable(),
          bitRate: z.number().nullable(),
        })
        .nullable(),
      thumbnail: z.string().nullable().describe('The current picture as a JPEG data URL'),
      checkedAt: z.string(),
    })
    .meta({ id: 'LiveSourceStatus' }),
  handler: async ({ params }, { services, principal }) => services.liveSourceMonitor.status(principal.actor, params.id),
});

const ZRecordingAnswer = z.object({ itemId: z.uuid() }).meta({ id: 'CrashRecordingItem' });

export const startCrashRecordingRoute = defineRoute({
  method: 'POST',
  path: '/live-sources/:id/crash-recording',
  operationId: 'startCrashRecording',
  summary:
    'Starts recording the source into a new item of type live (liveRecording); 409 CRASH_RECORDING_UNAVAILABLE with params.reason (already_recording, source_offline, source_busy, storage_full) when it cannot; 400 CRASH_RECORDING_LOCATION_INVALID for a render location that is not one of the organisation’s upload locations',
  tags: ['Live sources'],
  params: ZSourceParams,
  body: z
    .object({
      renderLocationId: z
        .uuid()
        .nullish()
        .describe(
          'The upload storage location the recording’s high resolution is rendered to when it stops (the cloud render location); the organisation’s default upload location when absent',
        ),
    })
    .default({}),
  response: ZRecordingAnswer,
  successStatus: 201,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.crashRecordings.start(principal.actor, params.id, restMeta(request), {
      renderLocationId: body.renderLocationId,
    }),
});

export const stopCrashRecordingRoute = defineRoute({
  method: 'DELETE',
  path: '/live-sources/:id/crash-recording',
  operationId: 'stopCrashRecording',
  summary:
    'Stops the recording that records the source now; the item becomes a video once its segments are joined and processed',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: ZRecordingAnswer,
  handler: async ({ params }, { services, principal, request }) =>
    services.crashRecordings.stop(principal.actor, params.id, restMeta(request)),
});

export const switchCrashRecordingRoute = defineRoute({
  method: 'POST',
  path: '/live-sources/:id/crash-recording/switch',
  operationId: 'switchCrashRecording',
  summary: 'Continues the source’s recording, in the same item, from another source (a marked discontinuity)',
  tags: ['Live sources'],
  params: ZSourceParams,
  body: z.object({ sourceId: z.uuid().describe('The source to record from now') }),
  response: ZRecordingAnswer,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.crashRecordings.switch(principal.actor, params.id, body.sourceId, restMeta(request)),
});

export const recordingSegmentsRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/recording-segments',
  operationId: 'listRecordingSegments',
  summary:
    'The segments of a live recording, also while it records, to assemble a download from (high res needs downloadMedia)',
  tags: ['Live sources'],
  params: z.object({ id: z.uuid() }),
  query: z.object({ stream: z.enum(recordingStreams).default('proxy') }),
  response: z
    .object({
      stream: z.enum(recordingStreams),
      segments: z.array(z.object({ index: z.number().int(), url: z.string(), durationSeconds: z.number().nullable() })),
      complete: z.boolean().describe('False while the recording runs: more segments will come'),
    })
    .meta({ id: 'RecordingSegments' }),
  // The query is validated against `query` before the handler runs.
  handler: async ({ params, query }, { services, principal }) =>
    services.recordingSegments.list(principal.actor, params.id, (query as { stream: TRecordingStream }).stream),
});

export const liveSourceRoutes = [
  recordingSegmentsRoute,
  startCrashRecordingRoute,
  stopCrashRecordingRoute,
  switchCrashRecordingRoute,
  liveSourceStatusRoute,
  listLiveSourcesRoute,
  getLiveSourceRoute,
  createLiveSourceRoute,
  updateLiveSourceRoute,
  deleteLiveSourceRoute,
] as unknown as RestRoute[];
