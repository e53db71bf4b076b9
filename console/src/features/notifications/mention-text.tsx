import { Text } from '@mantine/core';
import { splitMentions } from '@mam/core';

/** Comment text with mention tokens shown as highlighted names. */
export function MentionText({ text, testId, lineClamp }: { text: string; testId?: string; lineClamp?: number }) {
  return (
    <Text size="sm" lineClamp={lineClamp} style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
      {splitMentions(text).map((part, index) =>
        part.type === 'text' ? (
          part.text
        ) : (
          <Text
            key={index}
            span
            fw={600}
            c={part.kind === 'group' ? 'grape' : 'blue'}
            bg={part.kind === 'group' ? 'var(--mantine-color-grape-light)' : 'var(--mantine-color-blue-light)'}
            px={3}
            style={{ borderRadius: 4 }}
            data-testid="comment-mention"
            data-mention-kind={part.kind}
          >
            @{part.name}
          </Text>
        ),
      )}
    </Text>
  );
}
