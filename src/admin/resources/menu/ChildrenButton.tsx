import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { useListContext, useRecordContext } from 'react-admin';
import { Button } from '../../components/Button';

/** Shows the children of a top-level menu (upstream's "查看下级"). */
export const ChildrenButton = () => {
  const record = useRecordContext();
  const { setFilters } = useListContext();
  if (!record || Number(record.parentId ?? 0) !== 0) return null;
  return (
    <Button label="app.access.menu.children" onClick={() => setFilters({ parentId: record.id }, {})}>
      <SubdirectoryArrowRightIcon />
    </Button>
  );
};
