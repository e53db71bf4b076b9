export * from './render-preset.types';
export * from './rewrap-compatibility';
