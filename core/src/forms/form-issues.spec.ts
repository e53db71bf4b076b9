import { z } from 'zod';
import { coded, commonCode, issue, toCodedIssues } from './form-issues';

describe('toCodedIssues', () => {
  const schema = z.strictObject({
    name: z.string().refine((name) => name !== '', coded('USAGE_RULE_NAME_REQUIRED')),
    count: z.number(),
    other: z.string().refine((text) => text !== 'x', { message: 'No x', params: { code: 'NOT_A_CODE' } }),
  });

  it('keeps codes given with coded(), falls back for the rest and splits unknown keys', () => {
    const parsed = schema.safeParse({ name: '', count: 'one', other: 'x', extra: 1, more: 2 });
    expect(parsed.success).toBe(false);
    expect(toCodedIssues(parsed.error!, 'VALIDATION_FAILED', 'rules.0')).toEqual([
      { path: 'rules.0.name', code: 'USAGE_RULE_NAME_REQUIRED', message: 'The validity name is required.' },
      { path: 'rules.0.count', code: 'VALIDATION_FAILED', message: 'Invalid input: expected number, received string' },
      { path: 'rules.0.other', code: 'VALIDATION_FAILED', message: 'No x' },
      { path: 'rules.0.extra', code: 'VALIDATION_FAILED', message: 'Unknown field "extra"' },
      { path: 'rules.0.more', code: 'VALIDATION_FAILED', message: 'Unknown field "more"' },
    ]);
  });
});

describe('commonCode', () => {
  it('is the shared code, else VALIDATION_FAILED', () => {
    expect(commonCode([issue('a', 'FORM_NAME_TAKEN'), issue('b', 'FORM_NAME_TAKEN')])).toBe('FORM_NAME_TAKEN');
    expect(commonCode([issue('a', 'FORM_NAME_TAKEN'), issue('b', 'FORM_LABEL_INVALID')])).toBe('VALIDATION_FAILED');
    expect(commonCode([])).toBe('VALIDATION_FAILED');
  });

  it('gives issues the catalogue message unless told otherwise', () => {
    expect(issue('label', 'FORM_LABEL_INVALID')).toEqual({
      path: 'label',
      code: 'FORM_LABEL_INVALID',
      message: 'A label may not contain a period or quotes.',
    });
    expect(issue('x', 'VALUE_FORMAT_MISMATCH', 'Enter PRD-1234').message).toBe('Enter PRD-1234');
  });
});
