import type { ComponentType } from 'react';
import { Create, Edit } from 'react-admin';
import { useSaved } from './useSaved';

type FormProps = { create?: boolean; defaultValues?: Record<string, unknown> };

/**
 * Create and Edit pages around a (generated or hand-written) form, with the spec's success messages
 * ("Submission Successful", "Edit Successful"); `transform` adjusts the saved values.
 */
export const savedScreens = (
  Form: ComponentType<FormProps>,
  defaults: Record<string, unknown> = {},
  transform?: (data: Record<string, unknown>, options?: { previousData: Record<string, unknown> }) => Record<string, unknown>,
) => ({
  create: () => (
    <Create mutationOptions={useSaved('submitSuccess')} transform={transform}>
      <Form create defaultValues={defaults} />
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" mutationOptions={useSaved('editSuccess')} transform={transform}>
      <Form />
    </Edit>
  ),
});
