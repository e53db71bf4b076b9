import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconBrackets } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MentionTextarea } from '../../features/notifications';
import type { TFrameClock } from '../../features/player/frame-math';
import type { TMarks } from '../../features/player/marks';
import { marksToTimecodes, ticksToTimecode, timecodeToTicks } from './comment-timecode';

export interface TCommentDraft {
  text: string;
  tcIn: number | null;
  tcOut: number | null;
}

// Monospace digits in the input only; the field label stays in the normal font.
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const label = (ticks: number | null, clock: TFrameClock | null) =>
  ticks === null || !clock ? '' : ticksToTimecode(ticks, clock);

/**
 * Text with an optional timecode or range, typed as SMPTE or taken from the player's in and out marks. Without a
 * clock (replies, media without a timeline) there is no timecode at all.
 */
export function CommentForm({
  clock,
  marks,
  initial,
  submitLabel,
  placeholder,
  onSubmit,
  onCancel,
  testId,
}: {
  clock: TFrameClock | null;
  marks?: TMarks;
  initial?: TCommentDraft;
  submitLabel: string;
  placeholder: string;
  /** Resolves when saved; the form then empties (new comments) or its owner closes it (edits). */
  onSubmit: (draft: TCommentDraft) => Promise<unknown>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial?.text ?? '');
  const [inText, setInText] = useState(label(initial?.tcIn ?? null, clock));
  const [outText, setOutText] = useState(label(initial?.tcOut ?? null, clock));
  const [errors, setErrors] = useState<{ in?: string; out?: string }>({});
  const [busy, setBusy] = useState(false);
  const example = clock ? ticksToTimecode(0, clock) : '';
  const marked = marks && (marks.in !== null || marks.out !== null);

  function takeMarks() {
    if (!marks || !clock) return;
    const range = marksToTimecodes(marks);
    setInText(label(range.tcIn, clock));
    setOutText(label(range.tcOut, clock));
    setErrors({});
  }

  /** The typed timecodes as ticks, or the messages that say what is wrong with them. */
  function timecodes(): { tcIn: number | null; tcOut: number | null } | null {
    if (!clock) return { tcIn: null, tcOut: null };
    const tcIn = inText.trim() ? timecodeToTicks(inText, clock) : null;
    const tcOut = outText.trim() ? timecodeToTicks(outText, clock) : null;
    const found: { in?: string; out?: string } = {};
    if (inText.trim() && tcIn === null) found.in = t('comments.badTimecode', { example });
    if (outText.trim() && tcOut === null) found.out = t('comments.badTimecode', { example });
    else if (tcOut !== null && !inText.trim()) found.out = t('comments.outWithoutIn');
    else if (tcOut !== null && tcIn !== null && tcOut <= tcIn) found.out = t('comments.outBeforeIn');
    setErrors(found);
    return found.in || found.out ? null : { tcIn, tcOut };
  }

  async function submit() {
    const tc = timecodes();
    if (!tc || !text.trim()) return;
    setBusy(true);
    try {
      await onSubmit({ text: text.trim(), ...tc });
      if (!initial) {
        setText('');
        setInText('');
        setOutText('');
      }
    } catch {
      // The caller reported the failure; the draft stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid={testId}>
      <MentionTextarea
        value={text}
        onChange={setText}
        placeholder={placeholder}
        aria-label={placeholder}
        autosize
        minRows={2}
        maxLength={10_000}
        data-testid={`${testId}-text`}
      />
      <Group gap="xs" align="flex-start" justify="space-between">
        {clock ? (
          <Group gap="xs" align="flex-start">
            <TextInput
              size="xs"
              w={130}
              styles={monospace}
              label={t('comments.timecodeIn')}
              placeholder={example}
              value={inText}
              onChange={(e) => setInText(e.currentTarget.value)}
              error={errors.in}
              data-testid={`${testId}-in`}
            />
            <TextInput
              size="xs"
              w={130}
              styles={monospace}
              label={t('comments.timecodeOut')}
              placeholder={example}
              value={outText}
              onChange={(e) => setOutText(e.currentTarget.value)}
              error={errors.out}
              data-testid={`${testId}-out`}
            />
            {marks && (
              <Button
                size="xs"
                variant="default"
                mt={22}
                leftSection={<IconBrackets size={14} />}
                disabled={!marked}
                onClick={takeMarks}
                data-testid={`${testId}-marks`}
              >
                {t('comments.useMarks')}
              </Button>
            )}
          </Group>
        ) : (
          <span />
        )}
        <Group gap="xs" mt={clock ? 22 : 0}>
          {onCancel && (
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            size="xs"
            onClick={() => void submit()}
            loading={busy}
            disabled={!text.trim()}
            data-testid={`${testId}-submit`}
          >
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
