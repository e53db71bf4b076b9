import type { TAnnotation } from './annotation.schema';

/**
 * A drawing as an audit trail shows it before and after an edit: its shapes by type and colour, in drawing order
 * ("box yellow, arrow red"); null without a drawing. The coordinates stay out: the trail says what changed, not where.
 */
export function annotationSummary(annotation: TAnnotation | null | undefined): string | null {
  if (!annotation || annotation.shapes.length === 0) return null;
  return annotation.shapes.map((shape) => `${shape.type} ${shape.colour}`).join(', ');
}
