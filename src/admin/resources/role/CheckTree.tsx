import { Box, Checkbox, FormControlLabel } from '@mui/material';
import { stateOf, toggled, type CheckNode } from './checkTree';

interface Props {
  nodes: CheckNode[];
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Leaves side by side (resources of a category) rather than one per line. */
  wrapLeaves?: boolean;
}

/** Nested check boxes; a parent toggles all of its children and shows half-checked when only some are. */
export const CheckTree = ({ nodes, checked, onChange, wrapLeaves }: Props) => (
  <Box
    sx={
      wrapLeaves && nodes.every((n) => !n.children?.length)
        ? { display: 'flex', flexWrap: 'wrap', columnGap: 2 }
        : undefined
    }
  >
    {nodes.map((node) => {
      const state = stateOf(node, checked);
      return (
        <Box key={node.key}>
          <FormControlLabel
            label={node.label}
            control={
              <Checkbox
                checked={state === 'all'}
                indeterminate={state === 'some'}
                // Half-checked as the browser knows it (the native property), not MUI's aria-checked="mixed", which a
                // native check box may not carry (axe: aria-conditional-attr); screen readers say "mixed" from it.
                inputRef={(el: HTMLInputElement | null) => {
                  if (el) el.indeterminate = state === 'some';
                }}
                slotProps={{ input: { 'aria-checked': undefined } }}
                onChange={() => onChange(toggled(node, checked))}
              />
            }
          />
          {!!node.children?.length && (
            <Box sx={{ pl: 4 }}>
              <CheckTree nodes={node.children} checked={checked} onChange={onChange} wrapLeaves={wrapLeaves} />
            </Box>
          )}
        </Box>
      );
    })}
  </Box>
);
