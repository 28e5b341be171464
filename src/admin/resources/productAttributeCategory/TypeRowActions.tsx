import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { EditButton, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { DeleteRowButton } from '../../components/DeleteRowButton';
import { attributesLink } from '../productAttribute/attributeLinks';
import { ActionsBox } from '../../components/ActionsBox';

/** A product type's attribute list and param list, edit, delete. */
export const TypeRowActions = (_: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ActionsBox>
      <Button component={Link} to={attributesLink(record.id, 0)} size="small">{translate('app.catalog.attribute.specList')}</Button>
      <Button component={Link} to={attributesLink(record.id, 1)} size="small">{translate('app.catalog.attribute.paramList')}</Button>
      <EditButton />
      <DeleteRowButton />
    </ActionsBox>
  );
};
