export * from './interchange.types';
export * from './mam-item-ref';
export * from './edl.writer';
export * from './edl.parser';
export * from './fcpxml.writer';
export * from './otio.writer';
export * from './otio.parser';
export * from './interchange-clip';
export { DEFAULT_START_TIMECODE } from './sequence-timing';
