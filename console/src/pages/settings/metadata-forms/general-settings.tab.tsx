import {
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Input,
} from '@mantine/core';
import { formFlavors, type FormFlavor } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { useIssueAt } from './editor.context';
import { deactivateFormBlockedBy } from './form-actions.rules';
import { keyFromLabel, type TFormDraft } from './form-draft.model';
import { FormIcon, formIcons } from './form-icons';
import { GroupRestrictionInput } from './group-restriction.input';
import { ReasonTooltip } from './reason-tooltip';
import { ShortcutInput } from './shortcut.input';
import { monospaceInput } from './monospace.styles';

/** Label, key, flavour, looks, who sees the form and its shortcut. */
export function GeneralSettingsTab({
  draft,
  onChange,
  isNew,
  keyFollowsLabel,
  onKeyEdited,
}: {
  draft: TFormDraft;
  onChange: (draft: TFormDraft) => void;
  isNew: boolean;
  /** While creating, the key is derived from the label until the administrator types one. */
  keyFollowsLabel: boolean;
  onKeyEdited: () => void;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  const set = (patch: Partial<TFormDraft>) => onChange({ ...draft, ...patch });
  const deactivateBlocked = deactivateFormBlockedBy(draft);
  const icons = Object.keys(formIcons);
  const iconOptions = (draft.icon && !icons.includes(draft.icon) ? [...icons, draft.icon] : icons).map((name) => ({
    value: name,
    label: name,
  }));

  function setFlavor(flavor: FormFlavor) {
    // Duration and Premiere markers belong to timed forms only; core refuses them on the default flavour.
    set(flavor === 'timed' ? { flavor } : { flavor, duration: null, compatibleWithPremiereMarker: false });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('forms.label')}
          value={draft.label}
          onChange={(e) => {
            const label = e.currentTarget.value;
            set(keyFollowsLabel ? { label, id: keyFromLabel(label) } : { label });
          }}
          error={issueAt('label')}
          required
          data-autofocus
          data-testid="form-label"
        />
        <TextInput
          label={t('forms.key')}
          description={isNew ? t('forms.keyHint') : t('forms.keyFixed')}
          value={draft.id}
          onChange={(e) => {
            onKeyEdited();
            set({ id: e.currentTarget.value });
          }}
          readOnly={!isNew}
          error={issueAt('id')}
          required
          styles={monospaceInput}
          data-testid="form-key"
        />
      </SimpleGrid>
      <Group gap="xl" align="flex-start">
        <ReasonTooltip reason={deactivateBlocked && t(`errors.${deactivateBlocked}`)}>
          <Switch
            label={t('forms.active')}
            checked={draft.active}
            onChange={(e) => set({ active: e.currentTarget.checked })}
            disabled={deactivateBlocked !== null}
            error={issueAt('active')}
            data-testid="form-active-switch"
          />
        </ReasonTooltip>
        <Switch
          label={t('forms.isSubtype')}
          description={t('forms.isSubtypeHint')}
          checked={draft.isSubtype}
          onChange={(e) => set({ isSubtype: e.currentTarget.checked })}
          data-testid="form-subtype"
        />
      </Group>
      <Input.Wrapper label={t('forms.flavor')} description={t('forms.flavorHint')}>
        <div>
          <SegmentedControl
            mt={4}
            value={draft.flavor}
            onChange={(value) => setFlavor(value as FormFlavor)}
            data={formFlavors.map((flavor) => ({ value: flavor, label: t(`forms.flavors.${flavor}`) }))}
            data-testid="form-flavor"
          />
        </div>
      </Input.Wrapper>
      {draft.flavor === 'timed' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('forms.duration')}
            description={t('forms.durationHint')}
            value={draft.duration ?? ''}
            onChange={(value) => set({ duration: typeof value === 'number' ? value : null })}
            min={0}
            decimalScale={3}
            error={issueAt('duration')}
            data-testid="form-duration"
          />
          <Switch
            mt="lg"
            label={t('forms.premiereMarker')}
            checked={draft.compatibleWithPremiereMarker}
            onChange={(e) => set({ compatibleWithPremiereMarker: e.currentTarget.checked })}
            error={issueAt('compatibleWithPremiereMarker')}
            data-testid="form-premiere"
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('forms.icon')}
          data={iconOptions}
          value={draft.icon}
          onChange={(icon) => set({ icon })}
          clearable
          searchable
          leftSection={<FormIcon icon={draft.icon} color={draft.color} />}
          renderOption={({ option }) => (
            <Group gap="xs">
              <FormIcon icon={option.value} color={null} />
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
          error={issueAt('icon')}
          data-testid="form-icon"
        />
        <ColorInput
          label={t('forms.color')}
          value={draft.color ?? ''}
          onChange={(color) => set({ color: color === '' ? null : color })}
          format="hex"
          swatches={['#2f9e44', '#1971c2', '#e8590c', '#c2255c', '#6741d9', '#5daec1', '#868e96']}
          error={issueAt('color')}
          data-testid="form-color"
        />
      </SimpleGrid>
      <Textarea
        label={t('forms.rule')}
        description={t('forms.ruleHint')}
        placeholder="type:video AND sport:*"
        value={draft.rule ?? ''}
        onChange={(e) => set({ rule: e.currentTarget.value.trim() === '' ? null : e.currentTarget.value })}
        autosize
        minRows={1}
        maxRows={4}
        styles={monospaceInput}
        error={issueAt('rule')}
        data-testid="form-rule"
      />
      <ShortcutInput
        label={t('forms.keyboardShortcut')}
        value={draft.keyboardShortcut}
        onChange={(keyboardShortcut) => set({ keyboardShortcut })}
        path="keyboardShortcut"
        testId="form-shortcut"
      />
      <GroupRestrictionInput
        label={t('forms.visibleTo')}
        description={t('forms.visibleToHint')}
        value={draft.visibleTo}
        onChange={(visibleTo) => set({ visibleTo })}
        path="visibleTo"
        testId="form-visible-to"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <GroupRestrictionInput
          label={t('forms.readBy')}
          description={t('forms.formPermissionsHint')}
          value={draft.permissions.read}
          onChange={(read) => set({ permissions: { ...draft.permissions, read } })}
          path="permissions.read"
          testId="form-read"
        />
        <GroupRestrictionInput
          label={t('forms.writeBy')}
          description={t('forms.formPermissionsHint')}
          value={draft.permissions.write}
          onChange={(write) => set({ permissions: { ...draft.permissions, write } })}
          path="permissions.write"
          testId="form-write"
        />
      </SimpleGrid>
    </Stack>
  );
}
