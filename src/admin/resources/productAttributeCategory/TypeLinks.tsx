import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { attributesLink } from '../productAttribute/attributeLinks';

/** A product type's attribute list and param list. */
export const TypeLinks = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      <Button component={Link} to={attributesLink(record.id, 0)} size="small">
        {translate('app.catalog.attribute.specList')}
      </Button>
      <Button component={Link} to={attributesLink(record.id, 1)} size="small">
        {translate('app.catalog.attribute.paramList')}
      </Button>
    </>
  );
};
