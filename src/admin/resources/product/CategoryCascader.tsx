import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { seedText } from '../../i18n/seedText';
import { parentOf, useCategoryTree } from './useCategoryTree';

export interface CategoryCascaderProps {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  error?: boolean;
  helperText?: React.ReactNode;
  /** Label of the sub-category select (the value's own). */
  label?: React.ReactNode;
  size?: 'small' | 'medium';
}

/** A select showing a name is at least as wide as it: sized to fit, it came out a fraction of a pixel short. */
const selectSx = (named: boolean) => ({
  minWidth: 180,
  '& .MuiSelect-select': named ? { minWidth: 'max-content' } : {},
});

/**
 * Two selects, top category then its sub-category: the value is a sub-category id (upstream's cascader). A top
 * category without children is itself a valid choice.
 */
export const CategoryCascader = ({
  value,
  onChange,
  error,
  helperText,
  label,
  size = 'small',
}: CategoryCascaderProps) => {
  const translate = useTranslate();
  const { data: tree = [] } = useCategoryTree();
  // The top category picked before a sub-category is: the value alone cannot say it yet.
  const [picked, setPicked] = useState<number | undefined>();
  const parent = parentOf(tree, value) ?? tree.find((t) => t.id === picked);
  const children = parent?.children ?? [];
  const child = children.some((c) => c.id === Number(value)) ? Number(value) : '';
  const pickParent = (id: number) => {
    const top = tree.find((t) => t.id === id);
    setPicked(id);
    onChange(top && !top.children?.length ? top.id : null);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ minWidth: 240 }}>
      <TextField
        select
        size={size}
        label={translate('app.catalog.cascader.parent')}
        value={parent?.id ?? ''}
        onChange={(e) => pickParent(Number(e.target.value))}
        error={error}
        sx={selectSx(!!parent)}
        slotProps={{ htmlInput: { 'data-testid': 'category-parent' } }}
      >
        {tree.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {seedText(t.name, 'productCategory')}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size={size}
        label={label ?? translate('app.catalog.cascader.child')}
        value={child}
        onChange={(e) => onChange(Number(e.target.value))}
        disabled={!children.length}
        error={error}
        helperText={helperText}
        sx={selectSx(child !== '')}
        slotProps={{ htmlInput: { 'data-testid': 'category-child' } }}
      >
        {children.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {seedText(c.name, 'productCategory')}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
};
