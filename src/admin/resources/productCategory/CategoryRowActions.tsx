import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { EditButton, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { DeleteRowButton } from '../../components/DeleteRowButton';
import { childrenLink } from './categoryParent';
import { ActionsBox } from '../../components/ActionsBox';

/** Drill down to a top category's children; edit; delete (the server refuses one with children or products). */
export const CategoryRowActions = (_: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ActionsBox>
      {Number(record.level) === 0 && (
        <Button component={Link} to={childrenLink(Number(record.id))} size="small" startIcon={<SubdirectoryArrowRightIcon />}>
          {translate('app.catalog.category.children')}
        </Button>
      )}
      <EditButton />
      <DeleteRowButton />
    </ActionsBox>
  );
};
