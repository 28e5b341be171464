import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useGetOne, useTranslate } from 'react-admin';
import { childrenLink, useListParent } from './categoryParent';
import { seedText } from '../../i18n/seedText';

/** Above a sub-category list: whose children these are, and the way back to the top level. */
export const CategoryListHeader = () => {
  const parentId = useListParent();
  const translate = useTranslate();
  const { data: parent } = useGetOne('productCategory', { id: parentId }, { enabled: parentId > 0 });
  if (!parentId) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}>
      <Button component={Link} to={childrenLink(0)} startIcon={<ArrowBackIcon />} size="small">
        {translate('app.catalog.category.backToTop')}
      </Button>
      <Typography variant="subtitle1">
        {translate('app.catalog.category.of', { name: seedText(parent?.name, 'productCategory') })}
      </Typography>
    </Box>
  );
};
