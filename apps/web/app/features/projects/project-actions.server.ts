// Creating, changing and deleting projects as the signed-in person: the database decides who may, this says why not.
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { formValues, toFieldErrors } from '../../lib/form-fields';
import { countOf } from '../../lib/plural';
import { projectInputSchema, toProjectRow } from './project-schema';
import type { TypedSupabaseClient } from '../../types/supabase';

const GONE = 'The project no longer exists, or you do not have permission to change it.';

export async function createProject(
  supabase: TypedSupabaseClient,
  form: FormData,
): Promise<ActionResult & { id?: string }> {
  const parsed = projectInputSchema.safeParse(formValues(form));
  if (!parsed.success) return invalid('create-project', toFieldErrors(parsed.error));
  const { data, error } = await supabase.from('projects').insert(toProjectRow(parsed.data)).select('id').single();
  if (error) return refused('create-project', error, 'projects');
  return { ...succeeded('create-project', `Project "${parsed.data.name}" was created.`), id: data.id as string };
}

export async function updateProject(supabase: TypedSupabaseClient, id: string, form: FormData): Promise<ActionResult> {
  const parsed = projectInputSchema.safeParse(formValues(form));
  if (!parsed.success) return invalid('update-project', toFieldErrors(parsed.error));
  const { data, error } = await supabase.from('projects').update(toProjectRow(parsed.data)).eq('id', id).select('id');
  if (error) return refused('update-project', error, 'projects');
  // Row level security hides rows instead of refusing: nothing updated means not allowed or not there.
  if (!data?.length) return failed('update-project', GONE);
  if (form.get('clip_allocations') !== 'on')
    return succeeded('update-project', `Project "${parsed.data.name}" was saved.`);
  const clipped = await supabase.rpc('clip_project_allocations', { p_project_id: id });
  if (clipped.error) {
    return failed(
      'update-project',
      `Project "${parsed.data.name}" was saved, but its allocations could not be cut to its dates.`,
    );
  }
  return succeeded(
    'update-project',
    `Project "${parsed.data.name}" was saved; ${countOf(clipped.data ?? 0, 'allocation')} cut to its dates.`,
  );
}

export async function deleteProject(supabase: TypedSupabaseClient, id: string): Promise<ActionResult> {
  const { data, error } = await supabase.from('projects').delete().eq('id', id).select('id,name');
  if (error) return refused('delete-project', error, 'projects');
  if (!data?.length) return failed('delete-project', GONE);
  return succeeded('delete-project', `Project "${data[0].name}" and its allocations were deleted.`);
}
