// Renaming a project file: a move within the project's folder, made by the storage service as the person.
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { getNoticeStore } from '../../lib/notice-store';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { storedFileName } from './file-rules';
import type { ProjectFile } from './project-files.server';

type Props = {
  file: ProjectFile | null;
  projectId: string;
  taken: string[];
  onClose: () => void;
  onRenamed: () => void;
};

export function RenameFileDialog({ file, ...props }: Props) {
  return (
    <Modal
      opened={file !== null}
      onClose={props.onClose}
      title="Rename file"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {file ? <RenameForm key={file.path} file={file} {...props} /> : null}
    </Modal>
  );
}

function RenameForm({ file, projectId, taken, onClose, onRenamed }: Props & { file: ProjectFile }) {
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = storedFileName(name);
    if (next === file.name) return onClose();
    if (taken.includes(next)) return setError('Another file of the project has this name.');
    setSaving(true);
    const supabase = await loadBrowserSupabase();
    const moved = await supabase.storage.from('project-files').move(file.path, `${projectId}/${next}`);
    setSaving(false);
    if (moved.error) return setError(`The file could not be renamed: ${moved.error.message}`);
    getNoticeStore().show(`"${file.name}" is now "${next}".`);
    onClose();
    onRenamed();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Rename
        </Button>
      </Group>
    </form>
  );
}
