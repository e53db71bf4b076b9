import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCheck, IconMail } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLink } from '../../components/copyable-link';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { invalidRecipients, passwordProblem } from './share-form-rules';

type TShare = RouterOutputs['shares']['create'];

/** A share's link, ready to copy or open. */
export function ShareLink({ link }: { link: string }) {
  const { t } = useTranslation();
  return <CopyableLink link={link} label={t('shares.link')} openLabel={t('shares.open')} testId="share-link" />;
}

/**
 * Recipients as chips (typed addresses split on space, comma or semicolon) with the custom message. Pending chips
 * must be sent or discarded before the dialog closes (spec section 5); `onPendingChange` tells the dialog.
 */
function InviteBox({
  share,
  recipients,
  setRecipients,
  message,
  setMessage,
  blockedReason,
}: {
  share: TShare | null;
  recipients: string[];
  setRecipients: (next: string[]) => void;
  message: string;
  setMessage: (next: string) => void;
  blockedReason: string | null;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const invite = trpc.shares.invite.useMutation({
    onSuccess: () => {
      setRecipients([]);
      if (share) void utils.shares.emailHistory.invalidate({ id: share.id });
    },
  });
  const bad = invalidRecipients(recipients);
  const error = bad.length > 0 ? t('errors.INVALID_EMAIL') + `: ${bad.join(', ')}` : null;
  return (
    <Stack gap="xs">
      <TagsInput
        label={t('shares.recipients')}
        description={t('shares.recipientsHint')}
        value={recipients}
        onChange={setRecipients}
        splitChars={[' ', ',', ';']}
        acceptValueOnBlur
        clearable
        error={error ?? (invite.error ? errorMessage(t, invite.error) : null)}
        data-testid="share-recipients"
      />
      <Textarea
        label={t('shares.message')}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        data-testid="share-message"
      />
      {share && (
        <Group justify="flex-end">
          {invite.isSuccess && recipients.length === 0 && (
            <Text size="sm" c="teal" data-testid="share-invited">
              {t('shares.invited', { count: invite.data.sent.length })}
            </Text>
          )}
          <Tooltip label={blockedReason} disabled={!blockedReason}>
            <Button
              leftSection={<IconMail size={14} />}
              disabled={recipients.length === 0 || bad.length > 0 || !!blockedReason}
              loading={invite.isPending}
              onClick={() =>
                invite.mutate({ id: share.id, recipients: recipients.join(', '), message: message.trim() || null })
              }
              data-testid="share-invite"
            >
              {t('shares.invite')}
            </Button>
          </Tooltip>
        </Group>
      )}
    </Stack>
  );
}

/**
 * "Share" on an item, ticked search hits or a folder: page title, password, expiry (capped by the tenant), views,
 * downloads, metadata, renditions, comments; then the link to copy and invitations by e-mail.
 */
export function ShareDialog({
  itemIds,
  folderId,
  defaultTitle,
  opened,
  onClose,
}: {
  itemIds?: string[];
  folderId?: string;
  defaultTitle: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const limits = trpc.shares.limits.useQuery(undefined, { enabled: opened });
  const [pageTitle, setPageTitle] = useState(defaultTitle);
  const [password, setPassword] = useState('');
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [maxViews, setMaxViews] = useState<number | string>('');
  const [allowDownload, setAllowDownload] = useState(false);
  const [metadataAccess, setMetadataAccess] = useState<'none' | 'view' | 'edit'>('none');
  const [webProxy, setWebProxy] = useState(true);
  const [editProxy, setEditProxy] = useState(false);
  const [highRes, setHighRes] = useState(false);
  const [allowComments, setAllowComments] = useState(false);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [pendingWarning, setPendingWarning] = useState(false);
  const create = trpc.shares.create.useMutation({ onSuccess: () => void utils.shares.listMine.invalidate() });
  const invite = trpc.shares.invite.useMutation();

  const minLength = limits.data?.passwordMinLength ?? 6;
  const passwordError = passwordProblem(password, minLength)
    ? t('errors.SHARE_PASSWORD_TOO_SHORT', { min: minLength })
    : null;
  const serverError = appErrorOf(create.error);
  const fieldError = (codes: string[]) =>
    serverError && codes.includes(serverError.code) ? errorMessage(t, create.error) : null;
  const maxDate = limits.data ? dayjs().add(limits.data.maxValidDays, 'day').format('YYYY-MM-DD') : undefined;

  const reallyClose = () => {
    create.reset();
    invite.reset();
    setRecipients([]);
    setPendingWarning(false);
    onClose();
  };
  // Pending invites must be sent or discarded first (spec section 5).
  const close = () => (recipients.length > 0 ? setPendingWarning(true) : reallyClose());

  const submit = async () => {
    const share = await create.mutateAsync({
      ...(folderId ? { folderId } : { itemIds }),
      pageTitle,
      password: password || null,
      expiresAt: expiresOn ? dayjs(expiresOn).endOf('day').toISOString() : null,
      maxViews: typeof maxViews === 'number' ? maxViews : null,
      allowDownload,
      metadataAccess,
      webProxy,
      editProxy,
      highRes,
      allowComments,
      message: message.trim() || null,
    });
    if (recipients.length > 0) {
      await invite.mutateAsync({ id: share.id, recipients: recipients.join(', '), message: message.trim() || null });
      setRecipients([]);
    }
  };

  const pending = pendingWarning && recipients.length > 0 && (
    <Alert color="yellow" data-testid="share-pending-invites">
      <Stack gap="xs">
        <Text size="sm">{t('shares.pendingInvites')}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setRecipients([]);
              setPendingWarning(false);
            }}
            data-testid="share-discard-invites"
          >
            {t('shares.discardInvites')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );

  return (
    <Modal opened={opened} onClose={close} title={t('shares.dialogTitle')} size="lg">
      {create.data ? (
        <Stack gap="sm" data-testid="share-created">
          <Alert color="teal" icon={<IconCheck size={16} />}>
            {t('shares.created')}
          </Alert>
          <ShareLink link={create.data.link} />
          {invite.data && (
            <Text size="sm" c="dimmed">
              {t('shares.invited', { count: invite.data.sent.length })}
            </Text>
          )}
          <InviteBox
            share={create.data}
            recipients={recipients}
            setRecipients={setRecipients}
            message={message}
            setMessage={setMessage}
            blockedReason={null}
          />
          {pending}
          <Group justify="flex-end">
            <Button onClick={close} data-testid="share-done">
              {t('common.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit().catch(() => undefined);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('shares.pageTitle')}
              value={pageTitle}
              onChange={(e) => setPageTitle(e.currentTarget.value)}
              withAsterisk
              error={fieldError(['VALIDATION_FAILED'])}
              data-testid="share-title"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <PasswordInput
                label={t('shares.password')}
                description={t('shares.passwordHint', { min: minLength })}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={passwordError ?? fieldError(['SHARE_PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'])}
                autoComplete="new-password"
                data-testid="share-password"
              />
              <DateInput
                label={t('shares.expiry')}
                description={limits.data ? t('shares.expiryHint', { days: limits.data.maxValidDays }) : undefined}
                value={expiresOn}
                onChange={setExpiresOn}
                minDate={dayjs().add(1, 'day').format('YYYY-MM-DD')}
                maxDate={maxDate}
                valueFormat="YYYY-MM-DD"
                clearable
                error={fieldError(['SHARE_EXPIRY_TOO_LATE', 'EXPIRY_IN_PAST'])}
                data-testid="share-expiry"
              />
              <NumberInput
                label={t('shares.maxViews')}
                description={limits.data ? t('shares.maxViewsHint', { max: limits.data.maxViews }) : undefined}
                value={maxViews}
                onChange={setMaxViews}
                min={1}
                max={limits.data?.maxViews}
                allowDecimal={false}
                error={fieldError(['SHARE_VIEWS_TOO_MANY'])}
                data-testid="share-max-views"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Checkbox
                label={t('shares.webProxy')}
                checked={webProxy}
                onChange={(e) => setWebProxy(e.currentTarget.checked)}
                data-testid="share-web-proxy"
              />
              <Checkbox
                label={t('shares.allowComments')}
                checked={allowComments}
                onChange={(e) => setAllowComments(e.currentTarget.checked)}
                data-testid="share-allow-comments"
              />
              <Checkbox
                label={t('shares.allowDownload')}
                checked={allowDownload}
                onChange={(e) => setAllowDownload(e.currentTarget.checked)}
                data-testid="share-allow-download"
              />
              <Checkbox
                label={t('shares.editProxy')}
                checked={editProxy}
                onChange={(e) => setEditProxy(e.currentTarget.checked)}
              />
              <Checkbox
                label={t('shares.highRes')}
                checked={highRes}
                onChange={(e) => setHighRes(e.currentTarget.checked)}
              />
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('shares.metadata')}
              </Text>
              <SegmentedControl
                value={metadataAccess}
                onChange={(value) => setMetadataAccess(value as 'none' | 'view' | 'edit')}
                data={[
                  { value: 'none', label: t('shares.metadataNone') },
                  { value: 'view', label: t('shares.metadataView') },
                  { value: 'edit', label: t('shares.metadataEdit') },
                ]}
              />
            </div>
            <InviteBox
              share={null}
              recipients={recipients}
              setRecipients={setRecipients}
              message={message}
              setMessage={setMessage}
              blockedReason={passwordError}
            />
            {create.error && !serverError?.code.startsWith('SHARE_') && serverError?.code !== 'EXPIRY_IN_PAST' && (
              <Alert color="red">{errorMessage(t, create.error)}</Alert>
            )}
            {invite.error && <Alert color="red">{errorMessage(t, invite.error)}</Alert>}
            {pending}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={create.isPending || invite.isPending}
                // The password must be valid before inviting (spec section 5); invalid recipients block it too.
                disabled={!!passwordError || invalidRecipients(recipients).length > 0}
                data-testid="share-create"
              >
                {recipients.length > 0 ? t('shares.createAndInvite') : t('shares.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
