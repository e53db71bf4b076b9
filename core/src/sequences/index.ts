export * from './sequence.types';
