import { Create, Edit, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { attributesLink, pathOf } from './attributeLinks';
import { AttributeForm } from './AttributeForm';

const defaults = { type: 0, selectType: 0, inputType: 0, filterType: 0, searchType: 0, relatedStatus: 0, handAddStatus: 0, sort: 0 };

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
    <AttributeForm create defaultValues={defaults} />
  </Create>
);

export const AttributeEdit = () => (
  <Edit mutationMode="pessimistic" mutationOptions={useSavedAttribute('editSuccess')}>
    <AttributeForm />
  </Edit>
);
