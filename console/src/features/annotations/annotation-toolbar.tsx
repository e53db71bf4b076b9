import { ActionIcon, Button, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { annotationColours } from '@mam/core';
import {
  IconArrowBackUp,
  IconArrowUpRight,
  IconBrush,
  IconCheck,
  IconScribble,
  IconSquare,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNOTATION_COLOUR_VALUES } from './annotation-colours';
import type { TDrawTool } from './annotation-geometry';
import type { TAnnotationDraft } from './use-annotation-draft';

const TOOLS: Array<[TDrawTool, ReactNode]> = [
  ['arrow', <IconArrowUpRight key="arrow" size={16} />],
  ['box', <IconSquare key="box" size={16} />],
  ['freehand', <IconScribble key="freehand" size={16} />],
];

/**
 * Drawing on the frame for a new comment: a button that pauses the player and starts drawing mode, then the tools,
 * colours, undo and clear. `onStart` pauses the player (drawings belong to one frame).
 */
export function AnnotationToolbar({
  draft,
  onStart,
  disabled = false,
}: {
  draft: TAnnotationDraft;
  onStart: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const count = draft.shapes.length;
  if (!draft.drawing) {
    return (
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBrush size={14} />}
          disabled={disabled}
          onClick={() => {
            onStart();
            draft.start();
          }}
          data-testid="annotation-draw"
        >
          {count > 0 ? t('annotations.editDrawing') : t('annotations.draw')}
        </Button>
        {count > 0 && (
          <Text size="xs" c="dimmed" data-testid="annotation-count">
            {t('annotations.shapes', { count })}
          </Text>
        )}
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="wrap" data-testid="annotation-toolbar">
      <Text size="xs" c="dimmed">
        {t('annotations.hint')}
      </Text>
      <Group gap={2} role="radiogroup" aria-label={t('annotations.tool')}>
        {TOOLS.map(([tool, icon]) => (
          <Tooltip key={tool} label={t(`annotations.tools.${tool}`)}>
            <ActionIcon
              variant={draft.tool === tool ? 'filled' : 'default'}
              role="radio"
              aria-checked={draft.tool === tool}
              aria-label={t(`annotations.tools.${tool}`)}
              onClick={() => draft.setTool(tool)}
              data-testid={`annotation-tool-${tool}`}
            >
              {icon}
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      <Group gap={4} role="radiogroup" aria-label={t('annotations.colour')}>
        {annotationColours.map((colour) => (
          <Tooltip key={colour} label={t(`annotations.colours.${colour}`)}>
            <ColorSwatch
              component="button"
              type="button"
              color={ANNOTATION_COLOUR_VALUES[colour]}
              size={20}
              role="radio"
              aria-checked={draft.colour === colour}
              aria-label={t(`annotations.colours.${colour}`)}
              onClick={() => draft.setColour(colour)}
              style={{
                cursor: 'pointer',
                outline: draft.colour === colour ? '2px solid var(--mantine-color-blue-5)' : undefined,
                outlineOffset: 2,
              }}
              data-testid={`annotation-colour-${colour}`}
            />
          </Tooltip>
        ))}
      </Group>
      {count > 0 && (
        <Group gap={2} role="radiogroup" aria-label={t('drawingRecolour.pick')}>
          {draft.shapes.map((shape, index) => (
            <Button
              key={index}
              size="compact-xs"
              variant={draft.selected === index ? 'filled' : 'default'}
              role="radio"
              aria-checked={draft.selected === index}
              onClick={() => draft.select(draft.selected === index ? null : index)}
              leftSection={<ColorSwatch color={ANNOTATION_COLOUR_VALUES[shape.colour]} size={10} />}
              data-testid={`annotation-shape-${index}`}
            >
              {t('drawingRecolour.shape', { number: index + 1, tool: t(`annotations.tools.${shape.type}`) })}
            </Button>
          ))}
        </Group>
      )}
      <Tooltip label={t('annotations.undo')}>
        <ActionIcon
          variant="default"
          aria-label={t('annotations.undo')}
          disabled={count === 0}
          onClick={draft.undo}
          data-testid="annotation-undo"
        >
          <IconArrowBackUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('annotations.clear')}>
        <ActionIcon
          variant="default"
          color="red"
          aria-label={t('annotations.clear')}
          disabled={count === 0}
          onClick={draft.clear}
          data-testid="annotation-clear"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCheck size={14} />}
        onClick={draft.stop}
        data-testid="annotation-done"
      >
        {t('annotations.done')}
      </Button>
      <Text size="xs" c="dimmed" data-testid="annotation-count">
        {t('annotations.shapes', { count })}
      </Text>
    </Group>
  );
}
