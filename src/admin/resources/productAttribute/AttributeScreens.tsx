import { Create, Edit, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { useSchemaDefaults, useStaleSave } from '../../kit';
import { attributesLink, pathOf } from './attributeLinks';
import { AttributeForm } from './AttributeForm';

/** After a save: the spec message, then the list of the saved attribute's type and kind. */
const useSavedAttribute = (message: 'submitSuccess' | 'editSuccess') => {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: (data: RaRecord) => {
      notify(`app.message.${message}`, { type: 'success' });
      redirect(pathOf(attributesLink(data.productAttributeCategoryId, data.type)));
    },
  };
};

export const AttributeCreate = () => (
  <Create mutationOptions={useSavedAttribute('submitSuccess')}>
    <AttributeForm create defaultValues={useSchemaDefaults()} />
  </Create>
);

export const AttributeEdit = () => {
  const { onError, dialog } = useStaleSave();
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ ...useSavedAttribute('editSuccess'), onError }}>
      <>
        <AttributeForm />
        {dialog}
      </>
    </Edit>
  );
};
