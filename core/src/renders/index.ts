export * from './render-preset.types';
export * from './render-preset.rules';
export * from './default-render-presets';
export * from './rewrap-compatibility';
export * from './render-file';
