import type { TAnnotationColour } from '@mam/core';

/** Bright but not fully saturated, legible on pictures and within broadcast-safe levels. */
export const ANNOTATION_COLOUR_VALUES: Record<TAnnotationColour, string> = {
  red: '#ff4d4d',
  yellow: '#ffd400',
  green: '#2ecc71',
  cyan: '#22d3ee',
  white: '#f5f5f5',
};
