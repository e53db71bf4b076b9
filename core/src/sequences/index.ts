export * from './sequence.types';
export * from './sequence-clip.rules';
export * from './playback-range';
