import type { ComponentType, ReactElement } from 'react';
import { Create, Edit, useResourceContext, type CreateProps, type EditProps } from 'react-admin';
import { schemaDefaults } from './schema';
import { useSaved } from './useSaved';
import { useStaleSave } from './StaleSave';
import { SavedElsewhere } from '../live/SavedElsewhere';

type Transform = CreateProps['transform'];

/** A create page saying the spec's "Submission Successful", then showing the new record first in its list. */
export const CreateScreen = ({
  children,
  transform,
  ...props
}: Omit<CreateProps, 'children'> & { children: ReactElement }) => (
  <Create mutationOptions={useSaved('submitSuccess')} transform={transform} {...props}>
    {children}
  </Create>
);

/**
 * An edit page saving before it says the spec's "Edit Successful" and goes back to the list; a save of a stale copy
 * opens the dialog of what changed (useStaleSave), and a record saved elsewhere meanwhile is said at once
 * (SavedElsewhere), before that save.
 */
export const EditScreen = ({
  children,
  transform,
  ...props
}: Omit<EditProps, 'children'> & { children: ReactElement }) => {
  const { onError, dialog } = useStaleSave();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{ ...useSaved('editSuccess'), onError }}
      transform={transform}
      {...props}
    >
      <>
        <SavedElsewhere />
        {children}
        {dialog}
      </>
    </Edit>
  );
};

/** The create form's starting values: the schema's defaults of the resource in context. */
export const useSchemaDefaults = (entity?: string) => schemaDefaults(useResourceContext({ resource: entity }) ?? '');

type FormProps = { create?: boolean; defaultValues?: Record<string, unknown> };

/** Create and Edit pages around one form: the schema's defaults on create; `transform` adjusts the saved values. */
export const savedScreens = (Form: ComponentType<FormProps>, transform?: Transform) => {
  const SavedCreate = () => (
    <CreateScreen transform={transform}>
      <Form create defaultValues={useSchemaDefaults()} />
    </CreateScreen>
  );
  const SavedEdit = () => (
    <EditScreen transform={transform}>
      <Form />
    </EditScreen>
  );
  return { create: SavedCreate, edit: SavedEdit };
};
