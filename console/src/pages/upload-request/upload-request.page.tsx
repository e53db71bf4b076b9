import {
  Alert,
  Box,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TJsonValue } from '@mam/core';
import { IconCloudUpload, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as tus from 'tus-js-client';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCodeMessage } from '../../lib/app-error';
import { PublicCard } from '../../layout/public-card';
import { PublicPasswordForm } from '../../layout/public-password-form';
import { MetadataFormFields } from '../../features/metadata';
import {
  browserStore,
  createUploadManager,
  UploadDropZone,
  UploadManagerProvider,
  UploadsPanel,
  useUploadManagerLifecycle,
  useUploads,
  type TUploadManager,
} from '../../features/upload';
import {
  fetchUploadRequestPage,
  PublicUploadError,
  unlockUploadRequest,
  type TUploadRequestPage,
} from '../../features/upload-requests/public-upload-request.api';
import { localForms, useVocabulary } from '../../lib/vocabulary';

/**
 * tus for a contributor: the request's token in the Upload-Request header of every request (no session, no CSRF),
 * the name they gave in the Upload-Metadata, and resume keys scoped to this link.
 */
function contributorUploadManager(token: string, name: () => string): TUploadManager {
  return createUploadManager({
    userId: `upload-request:${token.slice(0, 16)}`,
    headers: { 'Upload-Request': token },
    extraMetadata: () => ({ name: name() }),
    createDriver: (file, options) => new tus.Upload(file, options),
    urlStorage: tus.defaultOptions.urlStorage,
    terminate: (url, options) => tus.Upload.terminate(url, options),
    store: browserStore(),
    csrfToken: () => '',
    now: () => Date.now(),
    warn: (message, error) => console.warn(message, error),
  });
}

function ClosedPage({ state }: { state: 'expired' | 'revoked' | 'not_found' }) {
  const { t } = useTranslation();
  return (
    <PublicCard title={t(`publicUpload.closed.${state}.title`)}>
      <Group gap="sm" wrap="nowrap" data-testid="public-upload-closed" data-state={state}>
        <IconLinkOff size={28} color="var(--mantine-color-dimmed)" />
        <Text size="sm">{t(`publicUpload.closed.${state}.text`)}</Text>
      </Group>
    </PublicCard>
  );
}

function PasswordPage({ token, page }: { token: string; page: TUploadRequestPage }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unlock = useMutation({
    mutationFn: (password: string) => unlockUploadRequest(token, password),
    onSuccess: (next) => client.setQueryData(['public-upload-request', token], next),
  });
  const error = unlock.error instanceof PublicUploadError ? unlock.error : null;
  return (
    <PublicCard title={page.pageTitle ?? t('publicUpload.title')} subtitle={t('publicUpload.passwordHint')}>
      <PublicPasswordForm
        label={t('common.password')}
        submitLabel={t('publicUpload.unlock')}
        error={unlock.error ? errorCodeMessage(t, error?.code, error?.params) : null}
        pending={unlock.isPending}
        onSubmit={(password) => unlock.mutate(password)}
        testIdPrefix="public-upload"
      />
    </PublicCard>
  );
}

function Totals() {
  const { t } = useTranslation();
  const { uploads } = useUploads();
  const done = uploads.filter((u) => u.status === 'done').length;
  if (uploads.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="public-upload-summary">
      {t('upload.summary', { finished: done, count: uploads.length })}
    </Text>
  );
}

// The upload manager reads the contributor's name when each file starts; one page holds one form.
const nameStore = { current: '' };

function UploadForm({ page: raw }: { page: TUploadRequestPage }) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const page = useMemo(() => ({ ...raw, forms: localForms(words, raw.forms) }), [raw, words]);
  const [name, setName] = useState('');
  const [formId, setFormId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, TJsonValue>>({});
  const current = page.forms.find((f) => f.id === formId) ?? page.forms[0];
  const access = useMemo(
    () =>
      Object.fromEntries((current?.form.fields ?? []).map((f) => [f.fieldId, { read: true, editable: !f.readOnly }])),
    [current],
  );
  const entered = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );
  const metadata = current && Object.keys(entered).length > 0 ? { form: current.form.id, values: entered } : null;
  const named = name.trim().length > 0;

  return (
    <Stack gap="md">
      <TextInput
        label={t('publicUpload.name')}
        description={t('publicUpload.nameHint')}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          nameStore.current = e.currentTarget.value;
        }}
        withAsterisk
        data-testid="public-upload-name"
      />
      {current && (
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {t('publicUpload.details')}
            </Text>
            {page.forms.length > 1 && (
              <SegmentedControl
                size="xs"
                value={current.id}
                onChange={(id) => {
                  setFormId(id);
                  setValues({});
                }}
                data={page.forms.map((f) => ({ value: f.id, label: f.form.label }))}
                style={{ alignSelf: 'flex-start' }}
              />
            )}
            <MetadataFormFields
              form={{ ...current.form, fields: current.form.fields.filter((f) => f.fieldId !== 'title') }}
              view="upload"
              values={values}
              onChange={(fieldId, value) => setValues((v) => ({ ...v, [fieldId]: value }))}
              access={access}
              errors={{}}
            />
            <Text size="xs" c="dimmed">
              {t('publicUpload.detailsHint')}
            </Text>
          </Stack>
        </Paper>
      )}
      <UploadDropZone metadata={metadata} disabled={!named} allowFolders={false}>
        {named ? t('upload.dropHintPage') : t('publicUpload.nameFirst')}
      </UploadDropZone>
      {page.blockedExtensions.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="public-upload-blocked">
          {t('publicUpload.blocked', { extensions: page.blockedExtensions.map((e) => `.${e}`).join(', ') })}
        </Text>
      )}
      <Totals />
    </Stack>
  );
}

function OpenPage({ token, page }: { token: string; page: TUploadRequestPage }) {
  const { t } = useTranslation();
  const [manager] = useState(() => contributorUploadManager(token, () => nameStore.current.trim()));
  useUploadManagerLifecycle(manager);

  return (
    <UploadManagerProvider manager={manager}>
      <Box mih="100vh" pt="xl" pb={280} bg="var(--mantine-color-body)">
        <Container size="sm">
          <Stack gap="lg">
            <Group gap={8}>
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <Text fw={700} size="lg" lts={0.5}>
                {t('app.name')}
              </Text>
            </Group>
            <Paper withBorder shadow="md" p="xl" radius="md">
              <Stack gap="md">
                <Group gap="sm" wrap="nowrap">
                  <IconCloudUpload size={32} />
                  <Title order={2} data-testid="public-upload-title">
                    {page.pageTitle}
                  </Title>
                </Group>
                {page.message && (
                  <Alert variant="light" data-testid="public-upload-message">
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {page.message}
                    </Text>
                  </Alert>
                )}
                <UploadForm page={page} />
              </Stack>
            </Paper>
          </Stack>
        </Container>
      </Box>
      <UploadsPanel linkItems={false} />
    </UploadManagerProvider>
  );
}

/**
 * The public upload page of an upload request (`/u/:token`), outside the signed-in shell: someone outside the
 * organisation uploads files into the request's folder, with the upload view's fields, resumable after a reload.
 */
export default function UploadRequestPage() {
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: ['public-upload-request', token],
    queryFn: () => fetchUploadRequestPage(token),
    retry: false,
  });
  if (page.isLoading) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  const data = page.data;
  if (!data || data.state === 'not_found') return <ClosedPage state="not_found" />;
  if (data.state === 'expired' || data.state === 'revoked') return <ClosedPage state={data.state} />;
  if (data.state === 'password_required') return <PasswordPage token={token} page={data} />;
  return <OpenPage token={token} page={data} />;
}
