import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, FormLabel, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Attribute } from './catalogApi';
import { newValueOk, splitList } from './attrValues';
import { ProductAttributeHandAddStatus } from '../../../../generated/enums';

/**
 * The values chosen for one spec attribute: check boxes over its input list, plus values added by hand when the
 * attribute allows it (or has no list). A new value cannot be empty or repeated.
 */
export const SpecValuesInput = ({
  attr,
  selected,
  onChange,
}: {
  attr: Attribute;
  selected: string[];
  onChange: (values: string[]) => void;
}) => {
  const translate = useTranslate();
  const [added, setAdded] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState(false);
  const listed = splitList(attr.inputList);
  const options = [...new Set([...listed, ...added, ...selected])];
  const canAdd = attr.handAddStatus === ProductAttributeHandAddStatus.yes || !listed.length;

  const toggle = (value: string, on: boolean) =>
    onChange(options.filter((o) => (o === value ? on : selected.includes(o))));
  const add = () => {
    if (!newValueOk(draft, options)) return setError(true);
    const value = draft.trim();
    setAdded([...added, value]);
    onChange([...selected, value]);
    setDraft('');
    setError(false);
  };

  return (
    <Box sx={{ mb: 2 }} data-testid={`spec-${attr.name}`}>
      <FormLabel sx={{ fontSize: '0.875rem' }}>{attr.name}</FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>
        {options.map((o) => (
          <FormControlLabel
            key={o}
            label={o}
            control={<Checkbox size="small" checked={selected.includes(o)} onChange={(_, on) => toggle(o, on)} />}
          />
        ))}
      </Box>
      {canAdd && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 0.5 }}>
          <TextField
            size="small"
            label={translate('app.catalog.product.newValue', { name: attr.name })}
            value={draft}
            error={error}
            helperText={error ? translate('app.catalog.product.valueRule') : undefined}
            onChange={(e) => (setDraft(e.target.value), setError(false))}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add())}
          />
          <Button variant="outlined" onClick={add}>
            {translate('app.catalog.add')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
