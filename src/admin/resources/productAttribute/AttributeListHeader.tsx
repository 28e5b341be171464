import { Link } from 'react-router-dom';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useGetOne, useListContext, useTranslate } from 'react-admin';
import { attributesLink } from './attributeLinks';
import { seedText } from '../../i18n/seedText';
import { ProductAttributeType } from '../../../../generated/enums';

/** Which product type's specs or params are listed, a switch between the two, and the way back to the types. */
export const AttributeListHeader = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const typeId = Number(filterValues.productAttributeCategoryId) || 0;
  const kind =
    Number(filterValues.type) === ProductAttributeType.param ? ProductAttributeType.param : ProductAttributeType.spec;
  const { data: type } = useGetOne('productAttributeCategory', { id: typeId }, { enabled: typeId > 0 });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, px: 2, pt: 1 }}>
      <Button component={Link} to="/productAttributeCategory" startIcon={<ArrowBackIcon />} size="small">
        {translate('app.catalog.attribute.backToTypes')}
      </Button>
      <Typography variant="subtitle1">
        {translate(kind ? 'app.catalog.attribute.paramsOf' : 'app.catalog.attribute.specsOf', {
          name: seedText(type?.name, 'productAttributeCategory'),
        })}
      </Typography>
      <Tabs value={kind}>
        <Tab
          value={ProductAttributeType.spec}
          label={translate('app.catalog.attribute.specList')}
          component={Link}
          to={attributesLink(typeId, ProductAttributeType.spec)}
        />
        <Tab
          value={ProductAttributeType.param}
          label={translate('app.catalog.attribute.paramList')}
          component={Link}
          to={attributesLink(typeId, ProductAttributeType.param)}
        />
      </Tabs>
    </Box>
  );
};
