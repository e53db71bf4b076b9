export { AnnotationLayer } from './annotation-layer';
export { AnnotationToolbar } from './annotation-toolbar';
export { useAnnotationDraft, type TAnnotationDraft } from './use-annotation-draft';
export { useDrawingEdit, type TDrawingEdit } from './use-drawing-edit';
export { drawingsBesideDraft, dueDrawings, type TDrawnComment } from './due-drawings';
