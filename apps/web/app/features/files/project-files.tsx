// The Files section of a project page: every member sees and downloads the project's files; project managers drop or
// choose files to upload (each with its own progress bar, resumable), rename and delete them. Uploads and changes go
// from the browser to the storage service with the person's own session; the bucket's policies decide.
import { StackedTableScroll } from '../../ui/stacked-table-scroll';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconDownload, IconFile, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { useRevalidator } from 'react-router';
import stacked from '../../ui/stacked-table.module.css';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDate, toIsoDate } from '../../lib/dates';
import { getNoticeStore } from '../../lib/notice-store';
import { getPopupStore } from '../../lib/popup-store';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { formatBytes, MAX_PROJECT_FILE_BYTES, storedFileName } from './file-rules';
import type { ProjectFile } from './project-files.server';
import { RenameFileDialog } from './rename-file-dialog';
import { UploadList, type UploadEntry } from './upload-list';
import { uploadResumable, UploadRefused } from './tus-upload';

const BUCKET = 'project-files';

type Props = { projectId: string; files: ProjectFile[]; canManage: boolean };

let uploadSequence = 0;

export function ProjectFiles({ projectId, files, canManage }: Props) {
  const revalidator = useRevalidator();
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const [dragging, setDragging] = useState(false);
  const [renaming, setRenaming] = useState<ProjectFile | null>(null);
  const [deleting, setDeleting] = useState<ProjectFile | null>(null);
  const update = (id: string, change: Partial<UploadEntry>) =>
    setUploads((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));

  const uploadOne = async (file: File) => {
    const id = `upload-${++uploadSequence}`;
    const name = storedFileName(file.name);
    setUploads((current) => [...current, { id, name, progress: 0, state: 'uploading' }]);
    if (file.size > MAX_PROJECT_FILE_BYTES) {
      update(id, {
        state: 'failed',
        message: `Larger than ${formatBytes(MAX_PROJECT_FILE_BYTES)}, the most a file may be.`,
      });
      return;
    }
    if (files.some((existing) => existing.name === name)) {
      update(id, { state: 'failed', message: 'A file of this name is already here: rename or delete it first.' });
      return;
    }
    try {
      const supabase = await loadBrowserSupabase();
      await uploadResumable({
        supabase,
        bucket: BUCKET,
        path: `${projectId}/${name}`,
        file,
        onProgress: (progress) => update(id, { progress }),
      });
      update(id, { state: 'done', progress: 1 });
      await revalidator.revalidate();
      setUploads((current) => current.filter((entry) => entry.id !== id));
    } catch (error) {
      const message =
        error instanceof UploadRefused && error.status === 409
          ? 'A file of this name is already here: rename or delete it first.'
          : (error as Error).message;
      update(id, { state: 'failed', message });
    }
  };
  const uploadAll = (chosen: File[]) => chosen.forEach((file) => void uploadOne(file));

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    uploadAll([...event.dataTransfer.files]);
  };

  const download = async (file: ProjectFile) => {
    const supabase = await loadBrowserSupabase();
    const { data, error } = await supabase.storage.from(BUCKET).createSignedUrl(file.path, 60, { download: file.name });
    if (error || !data)
      getPopupStore().show({ type: 'error', message: `The file could not be downloaded: ${error?.message}` });
    else window.location.assign(data.signedUrl);
  };

  const remove = async (file: ProjectFile) => {
    const supabase = await loadBrowserSupabase();
    const { data, error } = await supabase.storage.from(BUCKET).remove([file.path]);
    if (error || !data?.length) {
      getPopupStore().show({
        type: 'error',
        message: `"${file.name}" could not be deleted: ${error?.message ?? 'it is already gone.'}`,
      });
    } else getNoticeStore().show(`"${file.name}" was deleted.`);
    await revalidator.revalidate();
  };

  return (
    <section aria-labelledby="project-files-title">
      <Group justify="space-between" mb="sm" mt="lg">
        <Title order={2} size="h3" id="project-files-title">
          Files
        </Title>
        {canManage ? (
          <FileButton onChange={uploadAll} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
                Upload files
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      <Stack gap="sm">
        {canManage ? (
          <Paper
            withBorder
            p="md"
            data-testid="file-drop-zone"
            data-dragging={dragging || undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              borderStyle: 'dashed',
              borderWidth: 2,
              borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
              background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
              textAlign: 'center',
            }}
          >
            <Text size="sm" c="dimmed">
              Drop files here to add them to the project, up to {formatBytes(MAX_PROJECT_FILE_BYTES)} each.
            </Text>
          </Paper>
        ) : null}
        <UploadList uploads={uploads} onDismiss={(id) => setUploads((all) => all.filter((entry) => entry.id !== id))} />
        {files.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>No files yet.</Text>
            <Text size="sm" c="dimmed">
              {canManage ? 'Briefs, plans and pictures for everyone on the project.' : 'A project manager adds them.'}
            </Text>
          </Paper>
        ) : (
          <StackedTableScroll minWidth={640}>
            <Table className={stacked.table} verticalSpacing="xs" aria-label="Project files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Uploaded by</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => (
                  <Table.Tr key={file.path} data-file={file.name}>
                    <Table.Td data-label="Name">
                      <Group gap="sm" wrap="nowrap">
                        <Thumbnail file={file} />
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {file.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td data-label="Size">
                      <Text size="sm">{formatBytes(file.size)}</Text>
                    </Table.Td>
                    <Table.Td data-label="Uploaded by">
                      <Text size="sm" c={file.uploaderName ? undefined : 'dimmed'}>
                        {file.uploaderName ?? (file.uploadedBy ? 'A former member' : '—')}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Uploaded">
                      <Text size="sm">{formatDate(toIsoDate(file.createdAt))}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Download ${file.name}`}
                          onClick={() => void download(file)}
                        >
                          <IconDownload size={18} aria-hidden />
                        </ActionIcon>
                        {canManage ? (
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon variant="subtle" aria-label={`More for ${file.name}`}>
                                <IconDots size={18} aria-hidden />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconPencil size={16} aria-hidden />}
                                onClick={() => setRenaming(file)}
                              >
                                Rename
                              </Menu.Item>
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={16} aria-hidden />}
                                onClick={() => setDeleting(file)}
                              >
                                Delete
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTableScroll>
        )}
      </Stack>
      {canManage ? (
        <>
          <RenameFileDialog
            file={renaming}
            projectId={projectId}
            taken={files.map((file) => file.name)}
            onClose={() => setRenaming(null)}
            onRenamed={() => void revalidator.revalidate()}
          />
          <ConfirmDialog
            opened={deleting !== null}
            onClose={() => setDeleting(null)}
            title="Delete file"
            message={`Delete "${deleting?.name ?? ''}"? Nobody on the project can download it afterwards.`}
            confirmLabel="Delete"
            onConfirm={() => {
              const file = deleting;
              setDeleting(null);
              if (file) void remove(file);
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function Thumbnail({ file }: { file: ProjectFile }) {
  const box = { width: 40, height: 40, borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 } as const;
  if (file.thumbnailUrl) {
    return <img src={file.thumbnailUrl} alt="" loading="lazy" style={{ ...box, objectFit: 'cover' }} data-thumbnail />;
  }
  return (
    <div
      aria-hidden
      style={{
        ...box,
        display: 'grid',
        placeItems: 'center',
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      <IconFile size={20} />
    </div>
  );
}
