import { Box, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import type { TTreeAlternative } from '@mam/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconSubtask, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { useIssueAt } from './editor.context';
import { addTreeNode, moveTreeNode, removeTreeNode, updateTreeNode, type TTreePath } from './tree-alternatives.model';

/** The options of a TreeChoice field, nested to any depth; a value is the path of values from the root. */
export function TreeAlternativesEditor({
  value,
  onChange,
  path,
}: {
  value: readonly TTreeAlternative[];
  onChange: (value: TTreeAlternative[]) => void;
  path: string;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  return (
    <Input.Wrapper
      label={t('forms.field.treeAlternatives')}
      description={t('forms.field.treeHint')}
      error={issueAt(path)}
    >
      <Stack gap={6} mt={4} data-testid="tree-alternatives">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('forms.field.noAlternatives')}
          </Text>
        )}
        <TreeLevel tree={value} nodes={value} at={[]} onChange={onChange} path={path} />
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange(addTreeNode(value, []))}
            data-testid="add-tree-alternative"
          >
            {t('forms.field.addAlternative')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function TreeLevel({
  tree,
  nodes,
  at,
  onChange,
  path,
}: {
  tree: readonly TTreeAlternative[];
  nodes: readonly TTreeAlternative[];
  at: TTreePath;
  onChange: (value: TTreeAlternative[]) => void;
  /** The issue path of this level's list ('fields.2.treeAlternatives', '….0.children'). */
  path: string;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  return nodes.map((node, index) => {
    const nodePath = [...at, index];
    const issuePath = `${path}.${index}`;
    return (
      <Box key={index} pl={at.length === 0 ? 0 : 'lg'} data-testid="tree-node" data-depth={at.length}>
        <Group gap={6} align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('forms.field.optionValue')}
            placeholder={t('forms.field.optionValue')}
            value={node.value}
            onChange={(e) => onChange(updateTreeNode(tree, nodePath, { value: e.currentTarget.value }))}
            error={issueAt(`${issuePath}.value`)}
            style={{ flex: 1 }}
            data-testid="tree-node-value"
          />
          <TextInput
            aria-label={t('forms.field.optionLabel')}
            placeholder={t('forms.field.optionLabel')}
            value={node.label}
            onChange={(e) => onChange(updateTreeNode(tree, nodePath, { label: e.currentTarget.value }))}
            error={issueAt(`${issuePath}.label`)}
            style={{ flex: 1 }}
            data-testid="tree-node-label"
          />
          <IconAction
            label={t('forms.field.addChild')}
            onClick={() => onChange(addTreeNode(tree, nodePath))}
            data-testid="tree-node-add-child"
          >
            <IconSubtask size={16} />
          </IconAction>
          <IconAction
            label={t('forms.moveUp')}
            onClick={() => onChange(moveTreeNode(tree, nodePath, -1))}
            disabled={index === 0}
          >
            <IconArrowUp size={16} />
          </IconAction>
          <IconAction
            label={t('forms.moveDown')}
            onClick={() => onChange(moveTreeNode(tree, nodePath, 1))}
            disabled={index === nodes.length - 1}
          >
            <IconArrowDown size={16} />
          </IconAction>
          <IconAction label={t('common.delete')} color="red" onClick={() => onChange(removeTreeNode(tree, nodePath))}>
            <IconTrash size={16} />
          </IconAction>
        </Group>
        {(issueAt(`${issuePath}.children`) ?? null) && (
          <Text size="xs" c="red">
            {issueAt(`${issuePath}.children`)}
          </Text>
        )}
        {node.children.length > 0 && (
          <Stack gap={6} mt={6}>
            <TreeLevel
              tree={tree}
              nodes={node.children}
              at={nodePath}
              onChange={onChange}
              path={`${issuePath}.children`}
            />
          </Stack>
        )}
      </Box>
    );
  });
}
