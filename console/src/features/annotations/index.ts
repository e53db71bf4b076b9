export { AnnotationLayer } from './annotation-layer';
export { AnnotationToolbar } from './annotation-toolbar';
export { useAnnotationDraft, type TAnnotationDraft } from './use-annotation-draft';
export { dueDrawings, type TDrawnComment } from './due-drawings';
