import { CloseButton, Button, Group, Stack, TextInput } from '@mantine/core';
import { secondsToTicks, type TAnnotation } from '@mam/core';
import { IconBrackets } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MentionTextarea } from '../../features/notifications';
import { AnnotationToolbar, type TAnnotationDraft } from '../../features/annotations';
import { snapToFrame, type TFrameClock } from '../../features/player/frame-math';
import type { TMarks } from '../../features/player/marks';
import { marksToTimecodes, ticksToTimecode, timecodeToTicks } from './comment-timecode';

export interface TCommentDraft {
  text: string;
  tcIn: number | null;
  tcOut: number | null;
  /** Given: the comment's drawing (null: none). Left out, an edit leaves the drawing as it is. */
  annotation?: TAnnotation | null;
}

// Monospace digits in the input only; the field label stays in the normal font.
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const label = (ticks: number | null, clock: TFrameClock | null) =>
  ticks === null || !clock ? '' : ticksToTimecode(ticks, clock);

/**
 * Text with an optional timecode or range, typed as SMPTE or taken from the player's in and out marks. Without a
 * clock (replies, media without a timeline) there is no timecode at all. A new comment's in point follows the
 * playhead (the frame showing) until the user types, clears it or starts drawing on the frame.
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
  playhead,
  draft,
  onDrawStart,
}: {
  clock: TFrameClock | null;
  marks?: TMarks;
  /** Media seconds of the frame showing: the default in point. */
  playhead?: number | null;
  /** Drawing on the frame for this comment (new comments on video). */
  draft?: TAnnotationDraft;
  /** Pauses the player: a drawing belongs to one frame. */
  onDrawStart?: () => void;
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
  const [typedIn, setInText] = useState(label(initial?.tcIn ?? null, clock));
  // Untouched, a new comment's in point is the frame under the playhead.
  const [inTouched, setInTouched] = useState(!!initial || playhead === undefined || playhead === null);
  const playheadLabel =
    clock && playhead !== undefined && playhead !== null
      ? label(secondsToTicks(snapToFrame(playhead, clock)), clock)
      : '';
  const inText = inTouched ? typedIn : playheadLabel;
  const setIn = (value: string) => {
    setInText(value);
    setInTouched(true);
  };
  const [outText, setOutText] = useState(label(initial?.tcOut ?? null, clock));
  const [errors, setErrors] = useState<{ in?: string; out?: string }>({});
  const [busy, setBusy] = useState(false);
  const example = clock ? ticksToTimecode(0, clock) : '';
  const marked = marks && (marks.in !== null || marks.out !== null);

  function takeMarks() {
    if (!marks || !clock) return;
    const range = marksToTimecodes(marks);
    setIn(label(range.tcIn, clock));
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
    if (!found.in && tcIn === null && draft?.annotation) found.in = t('annotations.needsTimecode');
    setErrors(found);
    return found.in || found.out ? null : { tcIn, tcOut };
  }

  async function submit() {
    const tc = timecodes();
    if (!tc || !text.trim()) return;
    setBusy(true);
    try {
      await onSubmit({ text: text.trim(), ...tc, ...(draft ? { annotation: draft.annotation } : {}) });
      if (!initial) {
        setText('');
        setInText('');
        setInTouched(playhead === undefined || playhead === null);
        setOutText('');
        draft?.reset();
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
              onChange={(e) => setIn(e.currentTarget.value)}
              error={errors.in}
              rightSection={
                inText ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('annotations.clearTimecode')}
                    onClick={() => setIn('')}
                    data-testid={`${testId}-in-clear`}
                  />
                ) : null
              }
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
            {draft && onDrawStart && (
              <div style={{ marginTop: 22 }}>
                <AnnotationToolbar
                  draft={draft}
                  onStart={() => {
                    // The drawing belongs to the frame showing now: the in point stops following the playhead.
                    if (!inTouched) setIn(playheadLabel);
                    onDrawStart();
                  }}
                />
              </div>
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
