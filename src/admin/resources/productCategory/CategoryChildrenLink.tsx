import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { useRecordContext, useTranslate } from 'react-admin';
import { childrenLink } from './categoryParent';
import { ProductCategoryLevel } from '../../../../generated/enums';

/** Drill down to a top category's children (the server refuses to delete one that has children or products). */
export const CategoryChildrenLink = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || Number(record.level) !== ProductCategoryLevel.top) return null;
  return (
    <Button
      component={Link}
      to={childrenLink(Number(record.id))}
      size="small"
      startIcon={<SubdirectoryArrowRightIcon />}
    >
      {translate('app.catalog.category.children')}
    </Button>
  );
};
