import { Badge, Combobox, Group, Text, Textarea, useCombobox, type TextareaProps } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  afterEdit,
  insertMention,
  mentionEndingAt,
  mentionStartingAt,
  toEditorText,
  toSavedText,
  withoutMention,
  type TEditorText,
} from './mention-editor';
import { filterMentionTargets, mentionQueryAt } from './mention-query';
import { useMentionTargets, type TMentionTarget } from './mention-targets.context';

// What the highlight layer copies from the text area, so its words wrap and sit exactly where the text area's do.
const MIRRORED = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'letterSpacing',
  'wordSpacing',
  'textIndent',
  'tabSize',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'boxSizing',
] as const;

/** The text again, transparent, with each mention's place tinted: laid over the text area, it shows them as chips. */
function MentionHighlights({ value, area }: { value: TEditorText; area: HTMLTextAreaElement | null }) {
  const layer = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const mirror = layer.current;
    if (!mirror || !area) return;
    const style = getComputedStyle(area);
    for (const key of MIRRORED) mirror.style[key] = style[key];
    mirror.style.top = `${area.offsetTop}px`;
    mirror.style.left = `${area.offsetLeft}px`;
    mirror.style.width = `${area.offsetWidth}px`;
    mirror.style.height = `${area.offsetHeight}px`;
    mirror.scrollTop = area.scrollTop;
  });
  useEffect(() => {
    if (!area) return;
    const follow = () => {
      if (layer.current) layer.current.scrollTop = area.scrollTop;
    };
    area.addEventListener('scroll', follow);
    return () => area.removeEventListener('scroll', follow);
  }, [area]);
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const m of value.mentions) {
    pieces.push(value.text.slice(at, m.start));
    const group = m.kind === 'group';
    pieces.push(
      <mark
        key={`${m.start}:${m.id}`}
        data-testid="mention-chip"
        data-mention-kind={m.kind}
        style={{
          color: 'transparent',
          // Laid over the text, so see-through: the light variant colours are solid in the dark scheme.
          background: `color-mix(in srgb, var(--mantine-color-${group ? 'grape' : 'blue'}-filled) 28%, transparent)`,
          boxShadow: `0 0 0 1px ${group ? 'var(--mantine-color-grape-4)' : 'var(--mantine-color-blue-4)'}`,
          borderRadius: 4,
        }}
      >
        {value.text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  }
  // A trailing line break needs a character after it to take up its line, as it does in the text area.
  pieces.push(`${value.text.slice(at)}\u200b`);
  const base: CSSProperties = {
    position: 'absolute',
    zIndex: 1,
    pointerEvents: 'none',
    overflow: 'hidden',
    color: 'transparent',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    borderStyle: 'solid',
    borderColor: 'transparent',
    margin: 0,
  };
  return (
    <div ref={layer} aria-hidden style={base} data-testid="mention-highlights">
      {pieces}
    </div>
  );
}

/**
 * A text area where typing @ offers the item's users and groups (arrow keys and Enter pick one); a picked one shows
 * as a highlighted name, goes as a whole with Backspace or Delete, and is saved as a mention token
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
  const [areaElement, setAreaElement] = useState<HTMLTextAreaElement | null>(null);
  const [shown, setShown] = useState<TEditorText>(() => toEditorText(value));
  // The owner may set the text itself (empty after posting): follow it unless it is what this editor just gave.
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    if (value !== toSavedText(shown)) setShown(toEditorText(value));
  }
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const options = targets && query ? filterMentionTargets(targets, query.query) : [];
  useEffect(() => setAreaElement(area.current), []);

  const optionKeys = options.map((o) => `${o.kind}:${o.id}`).join();
  // Enter takes the best match; also when the list arrives after the @ was typed.
  const { selectFirstOption } = combobox;
  useEffect(() => {
    if (optionKeys) selectFirstOption();
  }, [optionKeys, selectFirstOption]);

  function update(next: TEditorText) {
    setShown(next);
    const saved = toSavedText(next);
    setGiven(saved);
    onChange(saved);
  }

  function placeCaret(at: number) {
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  }

  function track(next: TEditorText, caret: number) {
    // At the end of a picked name the @ belongs to it: nothing to offer.
    const found = mentionEndingAt(next.mentions, caret) ? null : mentionQueryAt(next.text, caret);
    setQuery(found);
    if (found) combobox.openDropdown();
    else combobox.closeDropdown();
  }

  function insert(target: TMentionTarget) {
    if (!query) return;
    const caret = query.start + 1 + query.query.length;
    const inserted = insertMention(shown, { start: query.start, caret }, target);
    update(inserted.value);
    setQuery(null);
    combobox.closeDropdown();
    placeCaret(inserted.caret);
  }

  /** Backspace at the end of a name, or Delete at its start, takes the whole mention. */
  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    const { selectionStart, selectionEnd } = event.currentTarget;
    if (selectionStart !== selectionEnd) return;
    const mention =
      event.key === 'Backspace'
        ? mentionEndingAt(shown.mentions, selectionStart)
        : mentionStartingAt(shown.mentions, selectionStart);
    if (!mention) return;
    event.preventDefault();
    const next = withoutMention(shown, mention);
    update(next);
    track(next, mention.start);
    placeCaret(mention.start);
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
          value={shown.text}
          inputContainer={(children) => (
            <div style={{ position: 'relative' }}>
              {children}
              {shown.mentions.length > 0 && <MentionHighlights value={shown} area={areaElement} />}
            </div>
          )}
          onChange={(e) => {
            const next = afterEdit(shown, e.currentTarget.value);
            update(next);
            track(next, e.currentTarget.selectionStart ?? next.text.length);
          }}
          onKeyDown={keyDown}
          onKeyUp={(e) => {
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End')
              track(shown, e.currentTarget.selectionStart ?? 0);
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
