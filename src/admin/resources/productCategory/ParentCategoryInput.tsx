import { SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { useCategoryTree } from '../product/useCategoryTree';

/** The parent: none (a top category) or one of the top categories other than the one being edited. */
export const ParentCategoryInput = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data: tree = [], isPending } = useCategoryTree();
  const choices = [
    { id: 0, name: translate('app.catalog.category.topLevel') },
    ...tree.filter((t) => t.id !== record?.id).map((t) => ({ id: t.id, name: t.name })),
  ];
  return <SelectInput source="parentId" choices={choices} isPending={isPending} sx={{ minWidth: 240 }} />;
};
