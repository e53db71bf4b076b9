/** The exchange formats a sequence is written to and read from. */
export const interchangeFormats = ['edl', 'fcpxml', 'otio'] as const;
export type TInterchangeFormat = (typeof interchangeFormats)[number];

/** The formats a sequence can be imported from. */
export const importFormats = ['edl', 'fcpxml', 'otio'] as const;
export type TImportFormat = (typeof importFormats)[number];

export interface TInterchangeOptions {
  /** Record timecode of the sequence's first frame; '01:00:00:00' as editing suites expect. */
  startTimecode?: string;
  /**
   * Drop-frame record timecode; only possible at 29.97 and 59.94. Defaults to drop-frame there (NTSC broadcast
   * practice) and to non-drop elsewhere.
   */
  dropFrame?: boolean;
  /**
   * Picture size of each source item, by item id. FCPXML formats name it (Final Cut Pro builds its project format
   * from it); the other formats do not carry one.
   */
  frameSizes?: Readonly<Record<string, { width: number; height: number }>>;
}

/**
 * A clip read from an editing suite's file, before it is matched to an item. `origin` says what the frames count
 * from: 'media' is the source's first frame; 'timecode' is source timecode 00:00:00:00, used where the file names
 * only source timecodes (EDL, OTIO without an available range), so the importer subtracts the item's start timecode.
 * `sourceOut` is exclusive.
 */
export interface TInterchangeClip {
  name: string;
  itemId?: string;
  sourceIn: number;
  sourceOut: number;
  /** 'num/den', e.g. '25/1' or '30000/1001'. */
  rate: string;
  origin: 'media' | 'timecode';
  /**
   * The source timecodes as the file wrote them (EDL), so a clip read at an assumed rate can be counted again at its
   * source's rate once matched.
   */
  timecodes?: { in: string; out: string };
}
