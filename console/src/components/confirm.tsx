import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Runs on confirmation; the dialog stays open with a spinner until it settles. */
  onConfirm: () => Promise<unknown> | void;
}

/**
 * A confirmation dialog for destructive actions. Returns the element to render and a function that opens it.
 * Failures are left to `onConfirm` to report; the dialog closes either way.
 */
export function useConfirm(): [ReactNode, (request: TConfirmRequest) => void] {
  const { t } = useTranslation();
  const [request, setRequest] = useState<TConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!request) return;
    setBusy(true);
    try {
      await request.onConfirm();
    } finally {
      setBusy(false);
      setRequest(null);
    }
  }

  const element = (
    <Modal opened={!!request} onClose={() => !busy && setRequest(null)} title={request?.title} size="sm" centered>
      <Text size="sm" data-testid="confirm-message">
        {request?.message}
      </Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={() => setRequest(null)} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={busy} data-testid="confirm-button">
          {request?.confirmLabel ?? t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
  return [element, setRequest];
}
