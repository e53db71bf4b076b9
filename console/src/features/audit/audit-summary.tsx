import type { TAuditSummary } from '@mam/core';
import type { TFunction } from 'i18next';

/** An event's "What" in the reader's language: built from the names and counts it carries, never its English text. */
export function auditSummaryText(t: TFunction, what: TAuditSummary | undefined): string {
  if (!what) return '';
  const opts = { interpolation: { escapeValue: false } };
  switch (what.kind) {
    case 'items': {
      const counted = { ...opts, count: what.total, updated: what.updated, format: what.format };
      const line = what.format ? t('auditSummary.imported', counted) : t('auditSummary.items', counted);
      return what.subject ? `${what.subject}: ${line}` : line;
    }
    case 'fields':
      return what.subject
        ? t('auditSummary.fieldsOf', { ...opts, count: what.count, subject: what.subject })
        : t('auditSummary.fields', { ...opts, count: what.count });
    case 'subject':
      return what.subject;
    case 'none':
      return '';
  }
}
