import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';

export interface PublicPasswordFormProps {
  label: string;
  submitLabel: string;
  /** The translated reason the last try failed, if it did. */
  error: string | null;
  pending: boolean;
  onSubmit: (password: string) => void;
  /** `<prefix>-password` on the field, `<prefix>-unlock` on the button. */
  testIdPrefix: string;
}

/** The password a visitor gives to open a protected public page (a share, an upload request). */
export function PublicPasswordForm({
  label,
  submitLabel,
  error,
  pending,
  onSubmit,
  testIdPrefix,
}: PublicPasswordFormProps) {
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(password);
      }}
    >
      <Stack gap="sm">
        <PasswordInput
          label={label}
          leftSection={<IconLock size={16} />}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
          autoFocus
          data-testid={`${testIdPrefix}-password`}
        />
        <Button type="submit" loading={pending} disabled={!password} data-testid={`${testIdPrefix}-unlock`}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
