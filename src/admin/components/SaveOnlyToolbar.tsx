import { SaveButton, Toolbar } from 'react-admin';

/** Forms whose records are removed from their list (recycle bin, guarded deletes), not from the form. */
export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
