import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorMessage } from './app-error';

export function notifyError(t: TFunction, error: unknown) {
  notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message });
}
