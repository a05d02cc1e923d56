import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESOURCE_FILE_MAX_BYTES,
  RESOURCE_FILE_MESSAGE,
  type ResourceLinkInput,
  ResourceLinkInputSchema,
  type ResourceUpdateInput,
  ResourceUpdateInputSchema,
  type StaffResource,
} from '@lc/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import {
  addResourceLink,
  getSessionResources,
  orderResources,
  updateResource,
  uploadResource,
} from '../../api/staff-resources';
import { notifyError, notifySuccess } from '../forms/notify';
import { useServerFieldErrors } from '../forms/use-server-field-errors';
import { StaffDialog } from './staff-dialog';

const FILE_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';
const TYPE_LABELS: Record<StaffResource['type'], string> = {
  Document: 'PDF',
  Image: 'Picture',
  Link: 'Link',
  Video: 'Video',
};
const queryKey = (sessionId: number) => ['staff', 'resources', sessionId] as const;

/**
 * "Files and links for families" on the director's session form (issue 10): the session's resources in the
 * order families see them, each with its kind, a switch that shows or hides it for families, Move up / Move
 * down buttons and an Edit dialog; below, a form to upload a file (PDF or picture, checked by content on the
 * server) and a form to add a link or video. Errors sit by their fields and focus moves to the first.
 */
export function SessionResources({ session }: { session: { id: number; name: string } }) {
  const queryClient = useQueryClient();
  const resources = useQuery({
    queryKey: queryKey(session.id),
    queryFn: ({ signal }) => getSessionResources(session.id, signal),
  });
  const [editing, setEditing] = useState<StaffResource | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement | null>());
  /** After a move: the moved item, where it now is, and which of its buttons had focus. */
  const [focusAfterMove, setFocusAfterMove] = useState<{
    id: number;
    index: number;
    direction: 'up' | 'down';
  } | null>(null);
  const setList = (list: StaffResource[]) => queryClient.setQueryData(queryKey(session.id), list);

  // Focus stays on the moved item's button once the list shows its new place (or on its other button
  // when the item reached an end of the list).
  useEffect(() => {
    if (!focusAfterMove || resources.data?.[focusAfterMove.index]?.id !== focusAfterMove.id) return;
    const { id, direction } = focusAfterMove;
    const target = moveButtons.current.get(`${id}:${direction}`);
    const other = moveButtons.current.get(`${id}:${direction === 'up' ? 'down' : 'up'}`);
    (target && !target.disabled ? target : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, resources.data]);

  const move = useMutation({
    mutationFn: ({ ids }: { ids: number[]; moved: StaffResource; direction: 'up' | 'down' }) =>
      orderResources(session.id, ids),
    onSuccess: (list, { moved, direction }) => {
      setList(list);
      setFocusAfterMove({ id: moved.id, index: list.findIndex((r) => r.id === moved.id), direction });
      notifySuccess(`Moved ${moved.name} ${direction}.`);
    },
    onError: async (failure) => {
      notifyError(
        failure instanceof ApiError && failure.status === 400
          ? failure.message
          : 'The order could not be saved. Please try again.',
      );
      await queryClient.invalidateQueries({ queryKey: queryKey(session.id) });
    },
  });

  const toggle = useMutation({
    mutationFn: (resource: StaffResource) =>
      updateResource(resource.id, {
        name: resource.name,
        description: resource.description,
        isActive: !resource.isActive,
      }),
    onSuccess: (list, resource) => {
      setList(list);
      notifySuccess(
        resource.isActive
          ? `${resource.name} is hidden from families.`
          : `Families now see ${resource.name}.`,
      );
    },
    onError: () => notifyError('The change could not be saved. Please try again.'),
  });

  const list = resources.data ?? [];
  const moveTo = (index: number, direction: 'up' | 'down') => {
    // The buttons stay enabled while a move is saved (a disabled button would lose the keyboard focus).
    if (move.isPending) return;
    const ids = list.map((r) => r.id);
    const other = direction === 'up' ? index - 1 : index + 1;
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    move.mutate({ ids, moved: list[index]!, direction });
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="session-resources-title">
      <div>
        <Title order={2} fz="h3" id="session-resources-title">
          Files and links for families
        </Title>
        <Text c="dimmed" size="sm">
          Families of the children enrolled in {session.name} see the ones that are on, in this order, on
          their session page.
        </Text>
      </div>

      {resources.isPending ? <Text role="status">Loading the files and links…</Text> : null}
      {resources.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the files and links">
          Please check your connection and reload the page.
        </Alert>
      ) : null}
      {resources.isSuccess && list.length === 0 ? (
        <Text>No files or links yet. Add a handout, a photo or a link below.</Text>
      ) : null}
      {list.length > 0 ? (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((resource, index) => (
            <Card key={resource.id} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {resource.name}
                    </Text>
                    <Badge color="gray" variant="default" tt="none">
                      {TYPE_LABELS[resource.type]}
                    </Badge>
                    {resource.isActive ? null : (
                      <Badge color="dark" variant="filled" tt="none">
                        Hidden
                      </Badge>
                    )}
                  </Group>
                  {resource.description ? (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {resource.description}
                    </Text>
                  ) : null}
                  <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" size="sm">
                    Open<VisuallyHidden> {resource.name} (opens in a new tab)</VisuallyHidden>
                  </Anchor>
                </Stack>
                <Group gap="xs" wrap="wrap">
                  <Switch
                    label="Shown to families"
                    aria-label={`Shown to families: ${resource.name}`}
                    checked={resource.isActive}
                    onChange={() => {
                      if (!toggle.isPending) toggle.mutate(resource);
                    }}
                  />
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Move ${resource.name} up`}
                    disabled={index === 0}
                    onClick={() => moveTo(index, 'up')}
                    ref={(el) => {
                      moveButtons.current.set(`${resource.id}:up`, el);
                    }}
                  >
                    <span aria-hidden="true">↑</span>
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Move ${resource.name} down`}
                    disabled={index === list.length - 1}
                    onClick={() => moveTo(index, 'down')}
                    ref={(el) => {
                      moveButtons.current.set(`${resource.id}:down`, el);
                    }}
                  >
                    <span aria-hidden="true">↓</span>
                  </ActionIcon>
                  <Button variant="default" size="xs" onClick={() => setEditing(resource)}>
                    Edit<VisuallyHidden> {resource.name}</VisuallyHidden>
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UploadFileForm sessionId={session.id} onSaved={setList} />
        <AddLinkForm sessionId={session.id} onSaved={setList} />
      </SimpleGrid>

      {editing ? (
        <EditResourceDialog resource={editing} onClose={() => setEditing(null)} onSaved={setList} />
      ) : null}
    </Stack>
  );
}

type UploadErrors = Partial<Record<'file' | 'name' | 'description', string>>;

/** Upload a PDF or a picture with an optional name (the file's name otherwise) and description. */
function UploadFileForm({
  sessionId,
  onSaved,
}: {
  sessionId: number;
  onSaved: (list: StaffResource[]) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<UploadErrors>({});
  const fileRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const show = (next: UploadErrors) => {
    setErrors(next);
    if (next.file) fileRef.current?.focus();
    else if (next.name) nameRef.current?.focus();
    else if (next.description) descriptionRef.current?.focus();
  };

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadResource(sessionId, chosen, { name, description }),
    onSuccess: (list) => {
      onSaved(list);
      notifySuccess(`${name.trim() || file?.name || 'The file'} is added. Families see it now.`);
      setFile(null);
      setName('');
      setDescription('');
      setErrors({});
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 400 && Object.keys(failure.fields).length > 0)
        show(failure.fields);
      else notifyError('The file could not be uploaded. Please try again.');
    },
  });

  return (
    <Card withBorder radius="md" padding="md">
      <form
        noValidate
        aria-labelledby="upload-file-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return show({ file: 'Choose a file to upload.' });
          if (file.size > RESOURCE_FILE_MAX_BYTES) return show({ file: RESOURCE_FILE_MESSAGE });
          upload.mutate(file);
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4" id="upload-file-title">
            Upload a file
          </Title>
          <FileInput
            ref={fileRef}
            label="File"
            description="A PDF or a picture (JPEG, PNG or WebP) under 20 MB."
            accept={FILE_TYPES}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setErrors((e) => ({ ...e, file: undefined }));
            }}
            error={errors.file}
            clearable
            required
          />
          <TextInput
            ref={nameRef}
            label="Name"
            description="As families will read it. Leave empty to use the file’s name."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            ref={descriptionRef}
            label="Description (optional)"
            autosize
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
          />
          <Group>
            <Button type="submit" loading={upload.isPending}>
              Upload file
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const LINK_FIELDS = ['type', 'name', 'url', 'description'] as const;
const EMPTY_LINK: z.input<typeof ResourceLinkInputSchema> = {
  type: 'Link',
  name: '',
  url: '',
  description: '',
};

/** Add a link or a video on another site (http or https only). */
function AddLinkForm({
  sessionId,
  onSaved,
}: {
  sessionId: number;
  onSaved: (list: StaffResource[]) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ResourceLinkInputSchema>, unknown, ResourceLinkInput>({
    resolver: zodResolver(ResourceLinkInputSchema),
    defaultValues: EMPTY_LINK,
  });
  const showFieldErrors = useServerFieldErrors(setError, LINK_FIELDS);

  const onSubmit = async (input: ResourceLinkInput) => {
    try {
      onSaved(await addResourceLink(sessionId, input));
      notifySuccess(`${input.name} is added. Families see it now.`);
      reset(EMPTY_LINK);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The link could not be added. Please try again.');
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form noValidate aria-labelledby="add-link-title" onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="sm">
          <Title order={3} fz="h4" id="add-link-title">
            Add a link
          </Title>
          <NativeSelect
            label="Kind"
            data={[
              { value: 'Link', label: 'A web page' },
              { value: 'Video', label: 'A video' },
            ]}
            error={errors.type?.message}
            {...register('type')}
          />
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <TextInput
            label="Web address"
            description="Starts with https://"
            type="url"
            inputMode="url"
            required
            error={errors.url?.message}
            {...register('url')}
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            error={errors.description?.message}
            {...register('description')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Add link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const EDIT_FIELDS = ['name', 'description'] as const;

/** Rename a resource or change its description (and whether families see it). */
function EditResourceDialog({
  resource,
  onClose,
  onSaved,
}: {
  resource: StaffResource;
  onClose: () => void;
  onSaved: (list: StaffResource[]) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ResourceUpdateInputSchema>, unknown, ResourceUpdateInput>({
    resolver: zodResolver(ResourceUpdateInputSchema),
    defaultValues: {
      name: resource.name,
      description: resource.description ?? '',
      isActive: resource.isActive,
    },
  });
  const showFieldErrors = useServerFieldErrors(setError, EDIT_FIELDS);

  const onSubmit = async (input: ResourceUpdateInput) => {
    try {
      onSaved(await updateResource(resource.id, input));
      notifySuccess(`Saved ${input.name}.`);
      onClose();
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The changes could not be saved. Please try again.');
    }
  };

  return (
    <StaffDialog opened onClose={onClose} title={`Edit ${resource.name}`}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={`Edit ${resource.name}`}>
        <Stack gap="sm">
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            error={errors.description?.message}
            {...register('description')}
          />
          <Switch
            label="Shown to families"
            checked={watch('isActive')}
            onChange={(event) => setValue('isActive', event.currentTarget.checked, { shouldDirty: true })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffDialog>
  );
}
