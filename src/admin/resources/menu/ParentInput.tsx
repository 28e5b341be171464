import { SelectInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { schemaInput, seedText } from '../../kit';

const ParentSelect = schemaInput(SelectInput);

/** The parent of a menu: none (a top-level menu) or one of the top-level menus (the tree has two levels). */
export const ParentInput = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data, isPending } = useGetList('menu', {
    filter: { parentId: 0 },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sort', order: 'DESC' },
  });
  // Seeded titles are English: shown through the seed dictionary, as in the menu list.
  const choices = [
    { id: 0, name: translate('app.access.menu.noParent') },
    ...(data ?? [])
      .filter((m) => m.id !== record?.id)
      .map((m) => ({ id: m.id, name: seedText(String(m.title), 'menu') })),
  ];
  return <ParentSelect source="parentId" choices={choices} isPending={isPending} translateChoice={false} />;
};
