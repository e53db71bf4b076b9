/** One coded video packet as ffprobe lists it, in decode order. */
export interface TCodedPacket {
  pts: number;
  keyframe: boolean;
}

export interface TFrameIndex {
  /** Presentation times in display order. */
  framePts: number[];
  /** Display-order numbers of the keyframes. */
  keyframes: number[];
  /** Keyframes no later-decoded frame is shown before: a stream copy starting there needs nothing before it. */
  cleanKeyframes: number[];
}

/**
 * Where the frames and GOPs of a stream are, from its packets in decode order. An open GOP's leading B-frames
 * follow their keyframe in decode order but are shown before it and refer to the GOP before; a copy must not start
 * (or end) at such a keyframe.
 */
export function indexFrames(packets: readonly TCodedPacket[]): TFrameIndex {
  const framePts = packets.map((packet) => packet.pts).sort((a, b) => a - b);
  const displayNumber = new Map<number, number>();
  framePts.forEach((pts, frame) => displayNumber.set(pts, frame));
  const keyframes: number[] = [];
  const cleanKeyframes: number[] = [];
  let laterMinimum = Infinity;
  for (let index = packets.length - 1; index >= 0; index--) {
    const packet = packets[index]!;
    if (packet.keyframe) {
      const frame = displayNumber.get(packet.pts)!;
      keyframes.push(frame);
      if (laterMinimum > packet.pts) cleanKeyframes.push(frame);
    }
    laterMinimum = Math.min(laterMinimum, packet.pts);
  }
  return { framePts, keyframes: keyframes.reverse(), cleanKeyframes: cleanKeyframes.reverse() };
}

/** Parses `ffprobe -show_entries packet=pts_time,flags -of csv=p=0`; null when a packet has no time. */
export function parsePacketCsv(csv: string): TCodedPacket[] | null {
  const packets: TCodedPacket[] = [];
  for (const line of csv.split('\n')) {
    if (!line.trim()) continue;
    const [time, flags = ''] = line.trim().split(',');
    const pts = Number(time);
    if (time === undefined || time === 'N/A' || !Number.isFinite(pts)) return null;
    packets.push({ pts, keyframe: flags.includes('K') });
  }
  return packets;
}
