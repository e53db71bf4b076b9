/**
 * Temporal history JSON (proto3 JSON of temporal.api.history.v1.History) to and from the proto classes.
 *
 * @temporalio/common's historyFromJSON/historyToJSON fail here with "type must be a Type": common and
 * @temporalio/proto each carry their own protobufjs 8 (the root holds protobufjs 7 for gRPC's proto-loader), and
 * common's JSON codec rejects the other copy's types. The codec of the copy that built the types accepts them;
 * the rest (tolerating unknown fields, tctl's PascalCase enum names) is what historyFromJSON does.
 */
import { createRequire } from 'node:module';
import * as protoModule from '@temporalio/proto';
import { temporal } from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import type { TTemporalHistoryJson } from './temporal-history';

/** A protobufjs reflection type (of @temporalio/proto's copy). */
type Type = object;
interface ProtoJson {
  fromJson(type: Type, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
  toJson(type: Type, message: unknown): unknown;
}

// Resolved from @temporalio/proto's own directory: its protobufjs, not the root's.
const protojson = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
const historyType = (
  patchProtobufRoot(protoModule as unknown as Record<string, unknown>) as { lookupType(name: string): Type }
).lookupType('temporal.api.history.v1.History');

export type History = temporal.api.history.v1.History;

/**
 * proto3 JSON of a history: one built from plain objects (enum values, `{ seconds, nanos }`, Uint8Array payloads),
 * or one a Temporal client fetched (`handle.fetchHistory()`).
 */
export function historyToJSON(
  history: temporal.api.history.v1.IHistory | { events: Array<Record<string, unknown>> },
): TTemporalHistoryJson {
  return protojson.toJson(historyType, temporal.api.history.v1.History.fromObject(history)) as TTemporalHistoryJson;
}

const constantCase = (value: string) => value.replace(/[^\b][A-Z]/g, (m) => `${m[0]}_${m[1]}`).toUpperCase();

/** A history in the JSON Temporal's CLI, web UI or historyToJSON write, ready for Worker.runReplayHistory. */
export function historyFromJSON(json: unknown): History {
  const events = (json as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new TypeError('Invalid history, expected an object with an array of events');
  const fixed = events.map((event: Record<string, unknown>) => {
    const type = event.eventType;
    return typeof type === 'string' && !type.startsWith('EVENT_TYPE_')
      ? { ...event, eventType: `EVENT_TYPE_${constantCase(type)}` }
      : event;
  });
  const history = protojson.fromJson(historyType, { events: fixed }, { ignoreUnknownFields: true });
  if (!history) throw new TypeError('Invalid history');
  return history as History;
}
