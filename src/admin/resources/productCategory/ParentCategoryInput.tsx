import { SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { schemaInput, seedText } from '../../kit';
import { useCategoryTree } from '../product/useCategoryTree';

const ParentSelect = schemaInput(SelectInput);

/** The parent: none (a top category) or one of the top categories other than the one being edited. */
export const ParentCategoryInput = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data: tree = [], isPending } = useCategoryTree();
  // Seeded names are English: shown through the seed dictionary, as in the cascader and the list.
  const choices = [
    { id: 0, name: translate('app.catalog.category.topLevel') },
    ...tree.filter((t) => t.id !== record?.id).map((t) => ({ id: t.id, name: seedText(t.name, 'productCategory') })),
  ];
  return (
    <ParentSelect
      source="parentId"
      choices={choices}
      isPending={isPending}
      translateChoice={false}
      sx={{ minWidth: 240 }}
    />
  );
};
