import { Badge, Combobox, Group, Text, Textarea, useCombobox, type TextareaProps } from '@mantine/core';
import { mentionToken } from '@mam/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterMentionTargets, mentionQueryAt } from './mention-query';
import { useMentionTargets, type TMentionTarget } from './mention-targets.context';

/**
 * A text area where typing @ offers the item's users and groups; picking one inserts a mention token
 * (`@[Name](user:id)`) that the server notifies and the thread shows as a highlighted name.
 */
export function MentionTextarea({
  value,
  onChange,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const targets = useMentionTargets();
  const combobox = useCombobox();
  const area = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const options = targets && query ? filterMentionTargets(targets, query.query) : [];

  const optionKeys = options.map((o) => `${o.kind}:${o.id}`).join();
  // Enter takes the best match; also when the list arrives after the @ was typed.
  const { selectFirstOption } = combobox;
  useEffect(() => {
    if (optionKeys) selectFirstOption();
  }, [optionKeys, selectFirstOption]);

  function track(text: string, caret: number) {
    const found = mentionQueryAt(text, caret);
    setQuery(found);
    if (found) combobox.openDropdown();
    else combobox.closeDropdown();
  }

  function insert(target: TMentionTarget) {
    if (!query) return;
    const caret = query.start + 1 + query.query.length;
    const token = `${mentionToken(target.kind, target.id, target.name)} `;
    const next = value.slice(0, query.start) + token + value.slice(caret);
    onChange(next);
    setQuery(null);
    combobox.closeDropdown();
    const at = query.start + token.length;
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  }

  return (
    <Combobox
      store={combobox}
      position="bottom-start"
      width={320}
      onOptionSubmit={(key) => {
        const target = options.find((o) => `${o.kind}:${o.id}` === key);
        if (target) insert(target);
      }}
    >
      <Combobox.Target>
        <Textarea
          {...props}
          ref={area}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            track(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length);
          }}
          onKeyUp={(e) => {
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End')
              track(e.currentTarget.value, e.currentTarget.selectionStart ?? 0);
          }}
          onBlur={() => combobox.closeDropdown()}
          description={targets ? t('notifications.mentionHint') : undefined}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0} data-testid="mention-options">
        <Combobox.Options>
          {options.map((o) => (
            <Combobox.Option value={`${o.kind}:${o.id}`} key={`${o.kind}:${o.id}`} data-testid="mention-option">
              <Group gap="xs" wrap="nowrap">
                {o.kind === 'group' ? <IconUsersGroup size={16} /> : <IconUser size={16} />}
                <Text size="sm" truncate>
                  {o.name}
                </Text>
                {o.kind === 'group' ? (
                  <Badge size="xs" variant="light" color="grape">
                    {t('notifications.groupMembers', { count: Number(o.detail) })}
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed" truncate>
                    {o.detail}
                  </Text>
                )}
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
