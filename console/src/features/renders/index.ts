export { SequenceRenderButton } from './sequence-render.button';
export { SequenceRendersPanel } from './sequence-renders.panel';
