/**
 * Posting to today (issue 25; decision 033): a class note, a note about one child, or photos with the children
 * in them. Photos upload as soon as they are chosen (the server cleans them). When a tagged child has no photo
 * consent, the server answers 409 with their names; the composer shows that warning and the choice "Post
 * anyway, only their own family will see it", which sends the same post acknowledged.
 */
import { DAY_POST_KINDS, type DayChild, type DayPhoto, type DayPostKind } from '@lc/contract';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDayPost, uploadDayPhoto } from '../../api/day-feed.ts';
import { dayFeedKeys } from '../../api/query-keys.ts';
import { failedWith, failureMessage } from '../forms/feedback.ts';
import { notifySuccess } from '../forms/notify.ts';
import { FormFailure } from '../forms/use-submit.tsx';

export function PostComposer({
  classSessionId,
  classChildren: children,
}: {
  classSessionId: number;
  classChildren: DayChild[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<DayPostKind>('ClassNote');
  const [body, setBody] = useState('');
  const [childId, setChildId] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [forClass, setForClass] = useState(true);
  const [photos, setPhotos] = useState<DayPhoto[]>([]);
  const [warning, setWarning] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (files: File[]) => Promise.all(files.map(uploadDayPhoto)),
    onSuccess: (uploaded) => setPhotos(uploaded),
  });
  const send = useMutation({
    mutationFn: (acknowledgeConsent: boolean) =>
      createDayPost(classSessionId, {
        kind,
        body,
        studentIds: kind === 'ChildNote' ? (childId ? [childId] : []) : kind === 'Photo' ? tags : [],
        photoIds: kind === 'Photo' ? photos.map((p) => p.id) : [],
        forClass,
        acknowledgeConsent,
      }),
    onSuccess: async () => {
      setBody('');
      setChildId('');
      setTags([]);
      setPhotos([]);
      setWarning(null);
      await queryClient.invalidateQueries({ queryKey: dayFeedKeys.staffDay(classSessionId) });
      notifySuccess(t('feed.staff.posted'));
    },
    onError: (error) => {
      if (failedWith(error, 409) && kind === 'Photo') setWarning(failureMessage(error, ''));
    },
  });
  const failure =
    send.isError && !warning
      ? failureMessage(send.error, t('feed.staff.loadFailed'))
      : upload.isError
        ? failureMessage(upload.error, t('feed.staff.loadFailed'))
        : null;

  return (
    <form
      aria-labelledby="post-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setWarning(null);
        send.mutate(false);
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="post-heading">
          {t('feed.staff.postHeading')}
        </Title>
        <Text size="sm" aria-hidden="true">
          {t('feed.staff.kind')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-label={t('feed.staff.kind')}
          data={DAY_POST_KINDS.map((k) => ({ value: k, label: t(`feed.staff.kinds.${k}`) }))}
          value={kind}
          onChange={(value) => {
            setKind(value as DayPostKind);
            setWarning(null);
          }}
        />
        {kind === 'ChildNote' ? (
          <NativeSelect
            label={t('feed.staff.childLabel')}
            value={childId}
            onChange={(e) => setChildId(e.currentTarget.value)}
            data={[
              { value: '', label: t('feed.staff.choose') },
              ...children.map((c) => ({ value: c.studentId, label: `${c.firstName} ${c.lastName}` })),
            ]}
          />
        ) : null}
        {kind === 'Photo' ? (
          <>
            <FileInput
              label={t('feed.staff.photosLabel')}
              description={t('feed.staff.photosHint')}
              placeholder={t('feed.staff.photoFile')}
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(files) => {
                setWarning(null);
                if (files.length > 0) upload.mutate(files);
                else setPhotos([]);
              }}
            />
            <Text size="sm" role="status">
              {upload.isPending
                ? t('feed.staff.uploading')
                : photos.length > 0
                  ? t('feed.staff.uploaded', { count: photos.length })
                  : ''}
            </Text>
            <Checkbox.Group
              label={t('feed.staff.tagsLabel')}
              description={t('feed.staff.tagsNone')}
              value={tags}
              onChange={(value) => {
                setTags(value);
                setWarning(null);
              }}
            >
              <Stack gap={6} mt="xs">
                {children.map((c) => (
                  <Checkbox
                    key={c.studentId}
                    value={c.studentId}
                    label={`${c.firstName} ${c.lastName} — ${t(`feed.common.consent.${c.consent}`)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Switch
              label={t('feed.staff.forClass')}
              description={t('feed.staff.forClassHint')}
              checked={forClass}
              onChange={(e) => setForClass(e.currentTarget.checked)}
            />
          </>
        ) : null}
        <Textarea
          label={kind === 'Photo' ? t('feed.staff.captionLabel') : t('feed.staff.noteLabel')}
          description={kind === 'Photo' ? undefined : t('feed.staff.noteHint')}
          autosize
          minRows={3}
          maxLength={2000}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {warning ? (
          <Alert color="orange" variant="light" role="alert">
            <Stack gap="sm">
              <Text fw={700}>{t('feed.staff.consentTitle')}</Text>
              <Text>{warning}</Text>
              <Group gap="sm">
                <Button onClick={() => send.mutate(true)} loading={send.isPending}>
                  {t('feed.staff.postAnyway')}
                </Button>
                <Button variant="default" onClick={() => setWarning(null)}>
                  {t('feed.staff.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <FormFailure failure={failure} />
        <Button type="submit" loading={send.isPending} disabled={upload.isPending} w="fit-content">
          {t('feed.staff.post')}
        </Button>
      </Stack>
    </form>
  );
}
