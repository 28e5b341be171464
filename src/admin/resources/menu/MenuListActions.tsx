import { ServerExportButton } from '../../kit';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Typography } from '@mui/material';
import { CreateButton, TopToolbar, useGetOne, useListContext, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { seedText } from '../../i18n/seedText';

/** Which level is shown, a way back to the top, and "create" with the current parent filled in. */
export const MenuListActions = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const parentId = Number(filterValues.parentId ?? 0);
  const { data: parent } = useGetOne('menu', { id: parentId }, { enabled: parentId > 0 });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
        {parentId > 0
          ? translate('app.access.menu.childrenOf', { title: seedText(parent?.title, 'menu') })
          : translate('app.access.menu.topLevel')}
      </Typography>
      {parentId > 0 && (
        <Button label="app.access.menu.back" onClick={() => setFilters({ parentId: 0 }, {})}>
          <ArrowUpwardIcon />
        </Button>
      )}
      <CreateButton state={{ record: { parentId } }} />
      <ServerExportButton />
    </TopToolbar>
  );
};
